import { describe, expect, it } from 'vitest';
import { quietJson, quietMentions, untrusted, untrustedLines } from '../../src/cli/untrusted-text.js';

// Issue 23, item 3: the one module every human-readable format passes untrusted text through.

describe('untrusted: untrusted text on one line', () => {
  it('shows line breaks as \\n, \\r, \\t and the Unicode ones (NEL, U+2028, U+2029) as \\uXXXX', () => {
    expect(untrusted('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
    expect(untrusted('a\u0085b\u2028c\u2029d')).toBe('a\\u0085b\\u2028c\\u2029d');
  });

  it('shows C0 and C1 control characters, DEL and the bidirectional controls escaped', () => {
    expect(untrusted('\u001b]0;title\u0007\u001b[2J')).toBe('\\u001b]0;title\\u0007\\u001b[2J');
    expect(untrusted('\u0000\u007f\u0080\u009b\u009f')).toBe('\\u0000\\u007f\\u0080\\u009b\\u009f');
    expect(untrusted('a\u202eb\u2066c\u200fd')).toBe('a\\u202eb\\u2066c\\u200fd');
  });

  it('leaves printable text as it is, a `::` inside it and a backslash too', () => {
    for (const text of ['#/properties/id', 'schemas/orders/order.avsc', 'Größe, 名前 ✓ é', 'pkg::Type', 'a\\nb', '']) expect(untrusted(text)).toBe(text);
  });

  it('escapes the first colon of a `::` the text starts with, after white space or zero-width characters too', () => {
    expect(untrusted('::add-mask::secret')).toBe('\\u003a:add-mask::secret');
    expect(untrusted('  \u3000::warning::x')).toBe('  \u3000\\u003a:warning::x');
    expect(untrusted('\u200b::error::x')).toBe('\u200b\\u003a:error::x');
    expect(untrusted(':\u200b:error::x')).toBe('\\u003a\u200b:error::x');
    expect(untrusted('\n::warning::x')).toBe('\\n::warning::x');
  });

  it('breaks the legacy `##[command]` form wherever it is, with zero-width characters between too', () => {
    expect(untrusted('id ##[add-mask]secret')).toBe('id ##\\u005badd-mask]secret');
    expect(untrusted('#\u200b#\u00ad[error]x')).toBe('#\u200b#\u00ad\\u005berror]x');
    expect(untrusted('## [ and #[ and [##')).toBe('## [ and #[ and [##');
  });

  it('changes nothing more when applied twice', () => {
    for (const text of ['p\n::warning title=X::y', '::a::b', '##[x]', '\u001b[8m @x \u0085']) expect(untrusted(untrusted(text))).toBe(untrusted(text));
  });
});

describe('untrustedLines: untrusted text with lines of its own', () => {
  it('keeps its lines, each escaped', () => {
    expect(untrustedLines('first\n::add-mask::x\r\n\u001b[2J')).toBe('first\n\\u003a:add-mask::x\n\\u001b[2J');
    expect(untrustedLines('a\rb')).toBe('a\\rb');
  });
});

describe('quietJson: serialised JSON printed to a CI log', () => {
  it('writes `##[` as `##\\u005b`: the same JSON value, no legacy workflow command', () => {
    const value = { location: '#/properties/##[add-mask]x', list: [['##'], '##'] };
    const text = quietJson(JSON.stringify(value, null, 2));
    expect(text).not.toContain('##[');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('writes the controls JSON.stringify leaves raw (DEL, C1, U+2028, U+2029, bidirectional) as \\uXXXX: the same JSON value', () => {
    const value = { name: 'a\u007fb\u0085c\u009bd\u2028e\u202ef', ok: 'é ✓ \u00a0' };
    const text = quietJson(JSON.stringify(value));
    expect(text).toBe('{"name":"a\\u007fb\\u0085c\\u009bd\\u2028e\\u202ef","ok":"é ✓ \u00a0"}');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('quietMentions: markdown mentions made inert', () => {
  it('puts a zero-width space entity after each `@` that starts a name, team mentions included', () => {
    expect(quietMentions('ask @someone or @org/team, not a lone @ sign')).toBe('ask @&#8203;someone or @&#8203;org/team, not a lone @ sign');
  });
});
