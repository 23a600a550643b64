import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
