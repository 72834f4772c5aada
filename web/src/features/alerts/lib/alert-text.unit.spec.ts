import { describe, expect, it } from 'vitest';
import { describeCalendarAlert, describeSilverAlert, describeTokenAlert, parseAlertPrice } from './alert-text';

describe('alert descriptions', () => {
  it('print prices with 6 decimals for tokens and 4 for silver', () => {
    expect(describeTokenAlert({ token: 'BankX', chain: 'Base', condition: 'below', price: 0.0123 })).toBe('BankX on Base below $0.012300');
    expect(describeTokenAlert({ token: 'XSD', chain: 'Ethereum', condition: 'above', price: 1.0000004 })).toBe('XSD on Ethereum above $1.000000');
    expect(describeSilverAlert({ condition: 'above', price: 1.23456 })).toBe('Silver above $1.2346 per gram');
  });

  it('name the reminder of a calendar alert', () => {
    expect(describeCalendarAlert({ eventTitle: 'AMA', reminderTime: 1440 })).toBe('AMA, 1 day before');
    expect(describeCalendarAlert({ eventTitle: 'AMA', reminderTime: 120 })).toBe('AMA, 2 hours before');
    expect(describeCalendarAlert({ eventTitle: 'AMA', reminderTime: 15 })).toBe('AMA, 15 minutes before');
  });
});

describe('parseAlertPrice', () => {
  it('must parse to a number greater than 0', () => {
    expect(parseAlertPrice('0.000001')).toBe(0.000001);
    expect(parseAlertPrice(' 2 ')).toBe(2);
    for (const text of ['', '   ', '0', '-1', 'abc', '1e400', 'NaN']) expect(parseAlertPrice(text), text).toBeNull();
  });
});
