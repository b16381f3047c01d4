import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import remarkCjkFriendly from 'remark-cjk-friendly';
import { htmlSchema } from './html-schema';

// Markdown features only some notes need, loaded the first time one does (together ~70 kB
// gzipped, which the first load would otherwise carry for every page):
// - inline HTML, parsed (rehype-raw) then cut down to an allow-list (rehype-sanitize);
// - emphasis next to Chinese, Japanese or Korean text: CommonMark wants a space or punctuation
//   beside `**`, so `文字**[[link]]**です` would stay literal without remark-cjk-friendly.
export const markdownExtras = { rehypeRaw, rehypeSanitize, htmlSchema, remarkCjkFriendly };
export type MarkdownExtras = typeof markdownExtras;
