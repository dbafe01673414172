/**
 * What `fisco mcp` takes from the MCP SDK at run time, in one place so that the build makes one
 * bundle of it (dist/vendor/mcp.cjs, scripts/bundle.mjs APART): the server and its stdio
 * transport share the SDK's schemas, which two bundles would each load again.
 */
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
