import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { FieldList } from './FieldList.js';

describe('FieldList', () => {
  it('aligns the values after the longest label', () => {
    const { lastFrame } = render(
      <FieldList
        fields={[
          { label: 'Risk score', value: '91 / 100 Aggressive', tone: 'negative' },
          { label: 'Holdings tier', value: 'Holder (70 XSD)', tone: 'neutral' },
        ]}
      />,
    );
    expect(plain(lastFrame()).split('\n')).toEqual(['Risk score     91 / 100 Aggressive', 'Holdings tier  Holder (70 XSD)']);
  });
});
