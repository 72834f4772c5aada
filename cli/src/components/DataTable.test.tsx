import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { DataTable } from './DataTable.js';

describe('DataTable', () => {
  it('lines the columns up under their titles, right-aligning numbers', () => {
    const { lastFrame } = render(
      <DataTable
        columns={['TOKEN', 'VALUE']}
        rows={[
          { key: 'a', cells: [{ text: 'XSD' }, { text: '$10.10', align: 'right', tone: 'positive' }] },
          { key: 'b', cells: [{ text: 'BankX' }, { text: '$1,105.00', align: 'right' }] },
        ]}
      />,
    );
    expect(plain(lastFrame()).split('\n')).toEqual(['TOKEN      VALUE', 'XSD       $10.10', 'BankX  $1,105.00']);
  });
});
