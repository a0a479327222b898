/**
 * The interest topics seeded into an empty database (spec §3 Topic), in the order onboarding shows
 * them: causes people give to, as a fund raiser or charity would name them.
 */
export const TOPIC_NAMES = [
  'Education',
  'Health & Medical Research',
  'Children & Youth',
  'Environment & Climate',
  'Animal Welfare',
  'Poverty & Hunger',
  'Homelessness & Housing',
  'Disaster Relief',
  'Mental Health',
  'Arts & Culture',
  'Human Rights',
  'Clean Water & Sanitation',
  'Elderly Care',
  'Community Development',
  'Disability Support',
  'Refugees & Migrants',
] as const;

export const buildTopicList = () =>
  TOPIC_NAMES.map((name, index) => ({ name, order: index + 1, enabled: true }));
