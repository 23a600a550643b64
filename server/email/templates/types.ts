import type { ReactElement } from 'react';

/** One e-mail template: its Swedish subject and its body in the shared layout. */
export interface EmailTemplate<P> {
  subject(props: P): string;
  Body(props: P & { publicUrl: string }): ReactElement;
}
