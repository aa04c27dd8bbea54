import {
  createTheme,
  type AnchorProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

// Components' defaults as plain objects (what Component.extend returns): importing Modal or
// Drawer here for .extend would put them, and the scroll area and focus trap they bring, in
// the code every public screen downloads (issue 13).
const defaults = <P>(defaultProps: Partial<P>) => ({ defaultProps });

// Shade 8 of Mantine's blue keeps white text on filled buttons above 4.5:1 (WCAG AA).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: defaults<AnchorProps>({ underline: 'always' }),
    // the close buttons of dialogs have no accessible name by default
    Modal: defaults<ModalProps>({ closeButtonProps: { 'aria-label': 'Close' } }),
    Drawer: defaults<DrawerProps>({ closeButtonProps: { 'aria-label': 'Close' } }),
    // nor has a toast's (axe: button-name, critical, on any page while a toast shows)
    // and its description under a title is gray 6 on white, 3.3:1: the dimmed colour below reaches 4.5:1
    Notification: {
      ...defaults<NotificationProps>({ closeButtonProps: { 'aria-label': 'Close notification' } }),
      styles: (_theme: unknown, props: NotificationProps) =>
        props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
    },
  },
});

/**
 * Text of the light variant (badges, light buttons and alerts' titles) in the light scheme:
 * Mantine's shade on its 10% tint is 2 to 4:1 ("Completed" in green failed axe); these reach
 * 5.4:1 or more on the tint.
 */
const lightVariantText: Record<string, string> = {
  '--mantine-color-green-light-color': '#1f6f32',
  '--mantine-color-yellow-light-color': '#7a4d00',
  '--mantine-color-orange-light-color': '#9a3412',
  '--mantine-color-teal-light-color': '#065f46',
  '--mantine-color-cyan-light-color': '#0b5e6e',
  '--mantine-color-red-light-color': '#a61e1e',
  '--mantine-color-lime-light-color': '#3f6212',
  '--mantine-color-pink-light-color': '#a61e4d',
  '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
};

// Mantine's default dimmed and error colours are below 4.5:1 on the page background.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...lightVariantText,
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
