import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Fairway green, lightest to darkest. */
const golf: MantineColorsTuple = [
  '#eaf7ee',
  '#d8ecdd',
  '#afd8ba',
  '#83c394',
  '#5eb174',
  '#47a660',
  '#3aa055',
  '#2b8b45',
  '#207a3b',
  '#0e6a2f',
];

/** Singelgolf's Mantine theme: green golf colours, rounded corners, Swedish-friendly system fonts. */
export const theme = createTheme({
  primaryColor: 'golf',
  primaryShade: { light: 8, dark: 6 },
  colors: { golf },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Tooltip: { defaultProps: { openDelay: 700 } },
    Container: { defaultProps: { size: 'lg' } },
  },
});

/**
 * Dimmed text in a colour that passes WCAG 2.2 AA on white (4.5:1): Mantine's gray 6 (#868e96) gives
 * 3.3:1, gray 7 (#495057) gives 8.2:1; #5c636a gives 6.0:1 and still reads as secondary.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
