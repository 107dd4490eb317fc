import { describe, expect, it } from 'vitest';
import { hidingRules } from './hiding-rules';

describe('hidingRules: what a jsdom test keeps of a style sheet', () => {
  it('keeps a rule that hides (display none, visibility hidden, with or without !important)', () => {
    const css =
      '.a{color:red;display:none}.b{visibility: hidden !important;}.c{display:flex}.d{padding:0;display : none ;}';
    expect(hidingRules(css)).toBe(
      '.a{color:red;display:none}\n.b{visibility: hidden !important;}\n.d{padding:0;display : none ;}',
    );
  });

  it('drops everything else: colours, flex, `display: none-ish` look-alikes', () => {
    expect(hidingRules('.x{color:red}.y{display:nonexistent}.z{--display:none}')).toBe('');
  });

  it('opens @layer and @supports, drops @media, @keyframes and @font-face', () => {
    const css =
      '@layer antd{.h{display:none}.s{margin:0}}@media (max-width:575px){.m{display:none}}' +
      '@keyframes fade{0%{opacity:0}100%{opacity:1}}@supports (display:grid){.g{visibility:hidden}}' +
      '@font-face{font-family:x;src:url(x.woff)}';
    expect(hidingRules(css)).toBe('.h{display:none}\n.g{visibility:hidden}');
  });

  it('reads braces inside strings and comments as text', () => {
    const css = '.q::before{content:"}{";display:none}/* .r{display:none} */.t{color:blue}';
    expect(hidingRules(css)).toBe('.q::before{content:"}{";display:none}');
  });

  it('stops at unbalanced input instead of looping', () => {
    expect(hidingRules('.a{display:none}.b{display:none')).toBe('.a{display:none}');
  });
});
