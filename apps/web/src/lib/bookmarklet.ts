/**
 * The query of a clip: Node's HTTP server takes request heads of up to 16 kB, and the head
 * also carries the browser's own headers, so the selection is shortened until the query fits.
 */
export const CLIP_QUERY_CHARS = 8_000;

/**
 * The bookmarklet: on any page, it opens `<origin>/clip` in a window of its own with the page's
 * address, its title and the text selected on it. It sends nothing: the person confirms on the
 * clip page, in Knower's own origin (a page can never file anything by itself). `noopener`
 * keeps the page from reaching the window it opened. The title and the selection are cut by code
 * points (a lone surrogate would make encodeURIComponent throw).
 */
export function bookmarklet(origin: string): string {
  const code = `(()=>{const e=encodeURIComponent;let t=[...String(getSelection()).trim()],q;for(;;){q='url='+e(location.href)+'&title='+e([...document.title].slice(0,300).join(''))+(t.length?'&text='+e(t.join('')):'');if(q.length<=${CLIP_QUERY_CHARS}||!t.length)break;t=t.slice(0,Math.floor(t.length*0.7))}window.open(${JSON.stringify(`${origin}/clip?`)}+q,'_blank','noopener,popup,width=560,height=720')})()`;
  return `javascript:${code}`;
}
