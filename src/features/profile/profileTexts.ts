/** Spec §2.3 Profile: the counts Drops, Raised and Followers, all 0 (the real values are not kept). */
export const profileCounts = [
  { label: 'Drops', value: '0' },
  { label: 'Raised', value: '0' },
  { label: 'Followers', value: '0' },
] as const;
