import type { ReactNode } from 'react';

/** A few line icons drawn in SVG, so they render the same without an emoji font. */
interface IconProps {
  readonly className?: string;
  readonly title?: string;
}

function Svg({ className, title, children }: IconProps & { readonly children: ReactNode }) {
  return (
    <svg
      className={`icon${className ? ` ${className}` : ''}`}
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="square"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {children}
    </svg>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 11V7a4 4 0 0 1 8 0v4l1.5 1.5h-11z" />
      <path d="M6.5 14h3" />
    </Svg>
  );
}

export function BellOffIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 11V7a4 4 0 0 1 8 0v4l1.5 1.5h-11z" />
      <path d="M6.5 14h3" />
      <path d="M2 2l12 12" />
    </Svg>
  );
}

export function MegaphoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2 6.5h3l6-3.5v10l-6-3.5H2z" />
      <path d="M5 9.5l1 4h2l-1-4" />
      <path d="M13 6.5v3" />
    </Svg>
  );
}
