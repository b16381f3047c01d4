import mermaid from 'mermaid';

// Loaded only when a note has a ```mermaid diagram: mermaid is several times the size of the app.

let configured = false;
let next = 0;

/**
 * A diagram as SVG; mermaid's strict level sanitises labels and links. Drawn once in the neutral
 * (grey) theme: the dark theme inverts it in CSS, so switching themes never redraws it.
 */
export async function renderDiagram(code: string): Promise<string> {
  if (!configured) {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral', fontFamily: 'inherit' });
    configured = true;
  }
  const { svg } = await mermaid.render(`knower-diagram-${++next}`, code);
  return svg;
}
