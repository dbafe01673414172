import { defineVerb } from '../verb.js';
import { MCP_FLAGS } from './flags.js';

/** The configuration a desktop assistant or an editor reads (command, args, env): test/e2e/mcp.test.ts starts the server from it. */
const MCP_HELP = `
An MCP server (Model Context Protocol) on standard input and output: an assistant (a desktop app,
an editor, an agent in CI) calls fisco's reads as tools. Standard output carries only protocol
messages; diagnostics go to standard error. The global flags apply to every tool: -p/--profile,
--account, --all-accounts, --offline (answers from the mirror), --lang (the text beside the data).

Read tools: whoami, list_companies, list_invoices, get_invoice, list_clients, list_expenses,
expenses_summary, list_f24, list_deadlines, overview, receivables, cash_forecast, search, sync_status.
Every list answers one page (at most 100 records), its total, and a cursor for the next.
Write tools (--allow-writes): pay_invoice, create_invoice (a draft), plan_dunning; with --allow-send
also send_invoice, which shows the person the confirmation guard's preview through the assistant
(MCP elicitation) and sends nothing unless they accept. Each write takes the caller's request_id:
the same id with the same arguments answers the first result and sends nothing (even after the
server was killed mid-call); with other arguments it is refused.

An assistant's configuration (claude_desktop_config.json, .vscode/mcp.json, …):
{
  "mcpServers": {
    "fisco": {
      "command": "fisco",
      "args": ["--profile", "studio", "mcp"],
      "env": { "FISCO_LANG": "it" }
    }
  }
}`;

export const MCP = defineVerb({
  name: 'mcp',
  description: 'serve fisco to an assistant: an MCP server on stdio, reads as tools, writes only when allowed',
  flags: MCP_FLAGS,
  // The server itself runs once; each tool call takes its command's own scope.
  scope: 'token',
  offline: true,
  help: MCP_HELP,
  examples: ['fisco mcp --help', 'fisco mcp --allow-writes            # as an assistant starts it: stdin carries its requests', 'fisco --offline mcp'],
  load: () => import('./serve.js'),
});
