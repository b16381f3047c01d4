import { AlertTriangle, Bug, Check, CircleHelp, ClipboardList, Flame, Info, List, ListTodo, Pencil, Quote, X, Zap, type LucideIcon } from 'lucide-react';

// Obsidian's callout types and their aliases, each with its icon (its colour is in markdown.css).
const icons: Record<string, LucideIcon> = {
  note: Pencil,
  abstract: ClipboardList,
  summary: ClipboardList,
  tldr: ClipboardList,
  info: Info,
  todo: ListTodo,
  tip: Flame,
  hint: Flame,
  important: Flame,
  success: Check,
  check: Check,
  done: Check,
  question: CircleHelp,
  help: CircleHelp,
  faq: CircleHelp,
  warning: AlertTriangle,
  caution: AlertTriangle,
  attention: AlertTriangle,
  failure: X,
  fail: X,
  missing: X,
  danger: Zap,
  error: Zap,
  bug: Bug,
  example: List,
  quote: Quote,
  cite: Quote,
};

/** The icon at the start of a callout's title; unknown types get the note's. */
export function CalloutIcon({ type }: { type: string }) {
  const Icon = icons[type] ?? Pencil;
  return <Icon aria-hidden size={16} strokeWidth={2.25} className="callout-icon" />;
}
