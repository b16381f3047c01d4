import { describe, expect, it } from 'vitest';
import { TOOL_SETS } from '../../src/agents/tool-sets.js';
import { MCP_TOOLS } from '../../src/mcp/index.js';
import { toToolSpec, type Tool } from '../../src/tools/index.js';

const all: Array<[string, Tool<never, never>]> = [
  ...Object.entries(TOOL_SETS).flatMap(([agent, tools]) => tools.map((tool) => [`${agent} agent: ${tool.name}`, tool as unknown as Tool<never, never>] as [string, Tool<never, never>])),
  ...MCP_TOOLS.map((tool) => [`MCP: ${tool.name}`, tool as unknown as Tool<never, never>] as [string, Tool<never, never>]),
];

describe('one tool shape for the agents and MCP', () => {
  it.each(all)('%s has a title, a description, described input fields and full annotations', (_, tool) => {
    expect(tool.title.length).toBeGreaterThan(0);
    expect(tool.description.length).toBeGreaterThan(20);
    const properties = (toToolSpec(tool).inputSchema.properties ?? {}) as Record<string, { description?: string }>;
    const undescribed = Object.entries(properties)
      .filter(([, field]) => !field.description)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
    expect(Object.keys(tool.annotations).sort()).toEqual(['destructive', 'idempotent', 'openWorld', 'readOnly']);
  });

  it('gives the search agent read-only tools alone', () => {
    expect(TOOL_SETS.search.filter((tool) => !tool.annotations.readOnly).map((tool) => tool.name)).toEqual([]);
    expect(TOOL_SETS.update.some((tool) => tool.annotations.destructive)).toBe(true);
  });

  it('shows the agents and MCP clients the same read tools: one definition, two callers', () => {
    for (const name of ['read', 'search', 'tree']) {
      const agent = TOOL_SETS.search.find((tool) => tool.name === name)!;
      const mcp = MCP_TOOLS.find((tool) => tool.name === name)!;
      expect(toToolSpec(agent)).toEqual(toToolSpec(mcp));
      expect(agent.annotations).toEqual(mcp.annotations);
      expect(agent.title).toBe(mcp.title);
    }
  });
});
