/** The Networks view's 7-colour palette (a seventh colour for 'Other' beyond the top 6). */
export const NETWORK_PALETTE = ['#5fd7ff', '#ffaf5f', '#b49cff', '#5fd787', '#ff87af', '#d7d75f', '#8a94a6'] as const;
export const TOKEN_COLOURS = { XSD: '#5fd7ff', BankX: '#ffaf5f' } as const;
