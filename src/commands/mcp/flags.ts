/** The flags of `fisco mcp`, data only: the record (index.ts) declares them, the verb is typed from them. */
import { defineFlags } from '../../flags/spec.js';

export const MCP_FLAGS = defineFlags({
  allowWrites: {
    flag: '--allow-writes',
    kind: 'boolean',
    description: 'offer the write tools (pay_invoice), each written once per request_id; without it they are not listed and a call is refused',
  },
  allowSend: {
    flag: '--allow-send',
    kind: 'boolean',
    description: 'with --allow-writes: also offer send_invoice, which asks the person to confirm each send through the assistant',
  },
});
