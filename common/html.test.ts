import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('writes the five characters that can end text or a quoted attribute as entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>Åsa & Örjan</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Åsa &amp; Örjan&lt;/a&gt;',
    );
  });
  it('escapes an ampersand once, so an entity in the text stays visible as written', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
  it('leaves other text as it is', () => {
    expect(escapeHtml('Anmälan öppnar 1 juni kl. 10:00')).toBe('Anmälan öppnar 1 juni kl. 10:00');
  });
});
