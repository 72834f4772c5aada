import { describe, expect, it } from 'vitest';
import { textTable } from './text-table.js';

describe('textTable', () => {
  it('pads columns to their widest cell, right-aligning where asked, without trailing spaces', () => {
    expect(
      textTable([
        ['TOKEN', { text: 'PRICE', align: 'right' }, 'NOTE'],
        ['XSD', { text: '$1.01', align: 'right' }, ''],
        ['BankX', { text: '$0.423456', align: 'right' }, 'x'],
      ]),
    ).toEqual(['TOKEN      PRICE  NOTE', 'XSD        $1.01', 'BankX  $0.423456  x']);
  });
});
