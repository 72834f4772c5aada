/**
 * Semantic colour tokens of the terminal UI (dark terminals, like the web app's palette).
 * Components name what a colour means (`theme.status.warning`), never a raw colour.
 */
export const theme = {
  status: {
    success: 'green',
    warning: 'yellow',
    error: 'red',
    info: 'cyan',
  },
  text: {
    primary: 'white',
    secondary: 'gray',
    accent: 'cyan',
    heading: 'cyanBright',
  },
  border: 'gray',
} as const;

/** What a figure means, for its colour: up / good, caution, down / bad, or nothing to say. */
export type Tone = 'positive' | 'warning' | 'negative' | 'neutral' | 'muted';

export function toneColor(tone: Tone): string | undefined {
  switch (tone) {
    case 'positive':
      return theme.status.success;
    case 'warning':
      return theme.status.warning;
    case 'negative':
      return theme.status.error;
    case 'muted':
      return theme.text.secondary;
    case 'neutral':
      return undefined;
    default: {
      const unreachable: never = tone;
      return unreachable;
    }
  }
}
