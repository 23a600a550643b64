import { TOAST_DURATION_MS } from '@common/limits';
import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container: one toast at a time, top right (spec §9). A chunk of its own, loaded with the first
 * toast (providers.tsx); importing it from this module, not the package, keeps the container out of the
 * first bundle, which holds only the toasts' store (lib/toast.ts).
 */
export function ToastContainer() {
  return <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" containerWidth={420} />;
}
