import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  getPrimaryShade,
  luminance,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

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

/** WCAG contrast of white text on a colour. */
const whiteContrast = (color: string) => 1.05 / (luminance(color) + 0.05);

/**
 * Colours of variants that pass WCAG 2.2 AA (4.5:1) on Mantine's palette, whose shades 6–8 are bright:
 * - 'light' (badges, light buttons and alerts): text of the colour's darkest shade, darkened, instead of
 *   shade 6, which fails on its pale background for most colours (yellow and orange worst);
 * - 'filled' with white text (autoContrast gives light colours dark text): the background darkened in
 *   steps until white text reaches 4.5:1 (green 8 is 3.3:1, blue 8 4.0:1, orange 8 3.6:1).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color) return colors;
  const swatch = input.theme.colors[parsed.color];
  if (input.variant === 'light') {
    return { ...colors, color: darken(swatch[9], 0.35), hoverColor: darken(swatch[9], 0.35) };
  }
  if (input.variant === 'filled' || input.variant === undefined) {
    let background = swatch[parsed.shade ?? getPrimaryShade(input.theme, 'light')];
    if (luminance(background) > (input.theme.luminanceThreshold ?? 0.3)) return colors;
    if (whiteContrast(background) >= 4.5) return colors;
    for (let i = 0; i < 6 && whiteContrast(background) < 4.5; i++) background = darken(background, 0.1);
    return { ...colors, background, hover: darken(background, 0.1), color: 'var(--mantine-color-white)' };
  }
  return colors;
};

const CLOSE = 'Stäng';
const CLEAR = 'Rensa';

/** Pagination's arrows by name ('Nästa sida'), for a screen reader and a tooltip-less button. */
const PAGINATION_LABELS: Record<string, string> = {
  first: 'Första sidan',
  previous: 'Föregående sida',
  next: 'Nästa sida',
  last: 'Sista sidan',
};
const paginationControlProps = (control: string) => ({ 'aria-label': PAGINATION_LABELS[control] });

/** The calendars' buttons and the time fields of @mantine/dates' pickers. */
const datePickerProps = {
  ariaLabels: {
    monthLevelControl: 'Välj månad',
    yearLevelControl: 'Välj år',
    nextMonth: 'Nästa månad',
    previousMonth: 'Föregående månad',
    nextYear: 'Nästa år',
    previousYear: 'Föregående år',
    nextDecade: 'Nästa decennium',
    previousDecade: 'Föregående decennium',
  },
  clearButtonProps: { 'aria-label': CLEAR },
  submitButtonProps: { 'aria-label': 'Klar' },
  timePickerProps: { hoursInputLabel: 'Timmar', minutesInputLabel: 'Minuter', secondsInputLabel: 'Sekunder' },
};
const DATE_PICKERS = [
  'DateTimePicker',
  'DatePickerInput',
  'DateInput',
  'DatePicker',
  'Calendar',
  'MonthPickerInput',
];

/** Singelgolf's Mantine theme: green golf colours, rounded corners, Swedish-friendly system fonts. */
export const theme = createTheme({
  primaryColor: 'golf',
  primaryShade: { light: 8, dark: 6 },
  // Filled badges and buttons of light colours (yellow, orange) get dark text instead of white.
  autoContrast: true,
  variantColorResolver,
  colors: { golf },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Mantine's own labels in Swedish (its defaults are English: 'Toggle password visibility', unnamed
  // close and calendar buttons). Components are named, not imported: @mantine/dates stays in its chunks.
  components: {
    Tooltip: { defaultProps: { openDelay: 700 } },
    // A loader is named ('Laddar …') as a live status: a plain <span> may not carry an aria-label.
    Loader: { defaultProps: { role: 'status' } },
    Container: { defaultProps: { size: 'lg' } },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Visa eller dölj lösenordet' } },
    },
    CloseButton: { defaultProps: { 'aria-label': CLOSE } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE } } },
    Alert: { defaultProps: { closeButtonLabel: CLOSE } },
    // Mantine 9 keeps a closed list's options mounted, hidden (Select passes an undefined keepMounted, so
    // Combobox's default applies): 290 municipalities rendered and hydrated on every page with a place
    // field (issue 33). Mounted while open only; `aria-controls` is set only then too.
    Combobox: { defaultProps: { keepMounted: false } },
    Select: { defaultProps: { clearButtonProps: { 'aria-label': CLEAR } } },
    MultiSelect: { defaultProps: { clearButtonProps: { 'aria-label': CLEAR } } },
    Pagination: { defaultProps: { getControlProps: paginationControlProps } },
    ...Object.fromEntries(DATE_PICKERS.map((name) => [name, { defaultProps: datePickerProps }])),
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
