import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or the current user loads. */
export function PageLoader() {
  return (
    <Center py={80} aria-busy="true">
      <Loader aria-label="Laddar" />
    </Center>
  );
}
