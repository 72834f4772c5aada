import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { Section } from './Section.js';

describe('Section', () => {
  it('puts a blank line and the title above its content', () => {
    const { lastFrame } = render(
      <Section title="Balances">
        <Text>XSD 10</Text>
      </Section>,
    );
    expect(plain(lastFrame()).split('\n')).toEqual(['', 'Balances', 'XSD 10']);
  });
});
