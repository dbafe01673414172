/**
 * What `fisco mcp` takes from the MCP SDK at run time, in one place so that the build makes one
 * bundle of it (dist/vendor/mcp.cjs, scripts/bundle.mjs APART): the server and its stdio
 * transport share the SDK's schemas, which two bundles would each load again.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/**
 * The validator the SDK's server checks a person's answer to an elicitation with (send_invoice's
 * confirmation): the SDK's own default, Ajv, made on first use instead of when the server is made,
 * so that a session that never asks does not build it (3–4 ms of the first answer).
 */
export function ajvOnFirstUse(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return {
    getValidator(schema) {
      ajv ??= new AjvJsonSchemaValidator();
      return ajv.getValidator(schema);
    },
  };
}
