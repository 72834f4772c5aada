import type { ReactNode } from 'react';
import { Panel } from '../../../components/ui/panel';

export interface CollapsibleSectionProps {
  readonly title: string;
  readonly open: boolean;
  readonly onToggle: () => void;
  readonly children: ReactNode;
}

/** A panel whose body the visitor can hide and show. */
export function CollapsibleSection({ title, open, onToggle, children }: CollapsibleSectionProps) {
  return (
    <Panel
      title={title}
      actions={
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={open} onClick={onToggle}>
          {open ? '[-] Hide' : '[+] Show'}
        </button>
      }
    >
      {open ? children : null}
    </Panel>
  );
}
