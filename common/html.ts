const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for HTML, as element content and inside quoted attribute values: the five characters
 * that can end either are written as entities. The one escape for every page and e-mail the server
 * writes by hand (the issuer's pages, the public pages' head, the notification pages and e-mails).
 */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] as string);
}
