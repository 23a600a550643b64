import { useDocumentTitle } from '@mantine/hooks';

/** Sets the browser tab title to '{title} | Singelgolf'. */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} | Singelgolf` : 'Singelgolf');
}
