// Mantine's ids without the swap after mounting (issue 33). Mantine's useId (@mantine/hooks use-id) starts
// from React's id, as the server renders it, and then replaces it with a random one in a layout effect, so
// every input, switch, radio, tab list and dialog on a page is drawn twice right after it mounts (40
// extra renders on /profile, in the long task that follows hydration). React's id is already unique in the
// app's one root and the same on the server and in the browser, so the browser build keeps it.
//
// The replacement is checked against the hook's source: if a Mantine update changes the hook, the build
// fails here instead of silently giving other ids.

/** @mantine/hooks' use-id module, as Mantine 9 ships it. */
const USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What the module must contain for the replacement to keep the hook's meaning. */
const EXPECTED = [
  'const reactId = useId();',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the hook's source text, not a template
  'useState(`mantine-${reactId.replace(/:/g, "")}`)',
  'setUuid(randomId());',
  'if (typeof staticId === "string") return staticId;',
];

/** The hook with React's id only: the same id the server renders and the first browser render uses. */
export const STABLE_USE_ID = `"use client";
import { useId } from "react";
function useId$1(staticId) {
	const reactId = useId();
	if (typeof staticId === "string") return staticId;
	return \`mantine-\${reactId.replace(/:/g, "")}\`;
}
export { useId$1 as useId };
`;

/** The stable hook for Mantine's use-id module (throws if the module is not the one expected), else null. */
export function stableUseId(id, code) {
  if (!USE_ID_MODULE.test(id)) return null;
  const missing = EXPECTED.filter((part) => !code.includes(part));
  if (missing.length > 0) {
    throw new Error(
      `mantine-stable-id: @mantine/hooks' useId has changed (${missing.join(' | ')}); check the plugin`,
    );
  }
  return STABLE_USE_ID;
}

/** The Vite plugin (browser build; the server renders React's id already). */
export function mantineStableId() {
  return {
    name: 'mantine-stable-id',
    enforce: 'pre',
    transform(code, id) {
      const replaced = stableUseId(id, code);
      return replaced === null ? undefined : { code: replaced, map: null };
    },
  };
}
