import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { filterCommands, type PaletteCommand } from './filter-commands';
import './command-palette.css';

export interface CommandPaletteProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly commands: readonly PaletteCommand[];
  readonly onRun: (command: PaletteCommand) => void;
}

export function CommandPalette({ open, onClose, commands, onRun }: CommandPaletteProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const results = useMemo(() => filterCommands(commands, query), [commands, query]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setQuery('');
      setActive(0);
      dialog.showModal();
      inputRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => setActive(0), [query]);

  const run = (command: PaletteCommand | undefined) => {
    if (!command) return;
    onClose();
    onRun(command);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => (index >= last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => (index <= 0 ? Math.max(last, 0) : index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(Math.max(last, 0));
        break;
      case 'Enter':
        event.preventDefault();
        run(results[active]);
        break;
      default:
        break;
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <dialog
      ref={dialogRef}
      className="palette"
      aria-label="Command palette"
      data-testid="command-palette"
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="palette__frame">
        <div className="palette__prompt">
          <span aria-hidden="true" className="palette__caret">
            &gt;
          </span>
          <input
            ref={inputRef}
            className="palette__input"
            type="text"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
            aria-label="Go to page"
            placeholder="Go to page…"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <ul className="palette__list" id={listId} role="listbox" aria-label="Pages">
          {results.map((command, index) => (
            <li
              key={command.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="palette__option"
              onMouseMove={() => setActive(index)}
              onClick={() => run(command)}
            >
              <span className="palette__label">{command.label}</span>
              <span className="palette__path">{command.path}</span>
            </li>
          ))}
          {results.length === 0 ? <li className="palette__empty">No matching page</li> : null}
        </ul>
        <p className="palette__help" aria-hidden="true">
          ↑↓ select · Enter go · Esc close
        </p>
      </div>
    </dialog>
  );
}
