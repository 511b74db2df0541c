/**
 * The baseline of bench/mcp-start.ts: the smallest useful MCP server the SDK makes, one tool answering
 * the time in a zone from the runtime's own ICU, over stdio. Compiled and started exactly as ours.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'minimal', version: '1.0.0' });
server.registerTool('get_time_in_zone', { description: 'The time now in an IANA zone', inputSchema: { timezone: z.string() } }, async ({ timezone }) => ({
  content: [{ type: 'text', text: new Date().toLocaleString('en-GB', { timeZone: timezone, timeZoneName: 'longOffset' }) }],
}));
await server.connect(new StdioServerTransport());
