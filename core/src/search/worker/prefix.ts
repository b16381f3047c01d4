/** The first string after `prefix` in sort order that does not start with it: prefix ranges use the path index. */
export const prefixEnd = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
