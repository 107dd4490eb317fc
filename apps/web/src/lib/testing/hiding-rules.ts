/**
 * The rules of a style sheet that hide what they match (`display: none`, `visibility: hidden`),
 * and nothing else: what a jsdom test can learn from antd's CSS-in-JS. jsdom matches every rule of
 * every sheet against an element and its ancestors each time a style is asked for, and antd puts
 * about a thousand rules into a page, of which a dozen hide anything; the rest (colours, spacing,
 * motion, media queries jsdom cannot evaluate without a viewport) only made each style cost more.
 *
 * `@layer` and `@supports` blocks are opened and their hiding rules kept; `@media`, `@keyframes`,
 * `@font-face` and other at-rules are dropped.
 */
export function hidingRules(css: string): string {
  const kept: string[] = [];
  let index = 0;
  while (index < css.length) {
    const open = nextBrace(css, index);
    if (open < 0) break;
    const close = matchingBrace(css, open);
    if (close < 0) break;
    const prelude = css.slice(index, open).trim();
    const body = css.slice(open + 1, close);
    if (prelude.startsWith('@')) {
      if (/^@(layer|supports)\b/.test(prelude)) {
        const inner = hidingRules(body);
        if (inner) kept.push(inner);
      }
    } else if (/(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(!important\s*)?(;|$)/i.test(body)) {
      kept.push(`${prelude}{${body}}`);
    }
    index = close + 1;
  }
  return kept.join('\n');
}

/** The next `{` at or after `from`, outside strings and comments; -1 when there is none. */
function nextBrace(css: string, from: number): number {
  for (let i = from; i < css.length; i += 1) {
    const skipped = skip(css, i);
    if (skipped !== i) {
      i = skipped - 1;
      continue;
    }
    if (css[i] === '{') return i;
  }
  return -1;
}

/** The `}` closing the `{` at `open`, outside strings and comments; -1 when unbalanced. */
function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    const skipped = skip(css, i);
    if (skipped !== i) {
      i = skipped - 1;
      continue;
    }
    if (css[i] === '{') depth += 1;
    else if (css[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Past a string or a comment starting at `i`; `i` itself when none starts there. */
function skip(css: string, i: number): number {
  const char = css[i];
  if (char === '"' || char === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== char) j += css[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (char === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length : end + 2;
  }
  return i;
}
