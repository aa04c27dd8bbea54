import { describe, expect, it } from 'vitest';
import { textProblem } from './text-input.js';

describe('textProblem', () => {
  it('accepts any well-formed text, astral characters included', () => {
    for (const ok of ['', 'Zoë Müller', '日本語', 'emoji 😀 pair', 'a\uD83D\uDE00b']) expect(textProblem(ok), ok).toBeNull();
  });

  it('refuses a NUL character and a lone surrogate wherever it is', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    for (const bad of ['\uD800', 'x\uD83D', '\uDE00y', 'a\uDE00\uD83Db', 'ok \uDBFF']) expect(textProblem(bad), JSON.stringify(bad)).toMatch(/lone surrogate/);
  });
});
