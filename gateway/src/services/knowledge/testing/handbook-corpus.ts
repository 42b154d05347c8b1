/**
 * A small handbook with known answers, for measuring retrieval: each question's answer is in one
 * passage (`answer` is a phrase found only there), among passages on other topics.
 */
export const HANDBOOK: { name: string; text: string }[] = [
  {
    name: 'returns.md',
    text: `# Returns and refunds

Customers may return any unused item within 30 days of delivery for a full refund. The refund goes back to the original payment method within five business days of the return arriving at our warehouse.

Opened software, gift cards and personalised engravings cannot be returned. Damaged parcels must be reported to the courier within 48 hours.`,
  },
  {
    name: 'shipping.md',
    text: `# Shipping

Standard shipping inside the country takes three to five working days and is free on orders over 50 euros. Express shipping arrives the next working day when ordered before 2 pm.

International parcels leave from the Rotterdam depot; customs duties are paid by the recipient on arrival.`,
  },
  {
    name: 'holidays.md',
    text: `# Holidays and leave

Every employee has 26 days of paid vacation a year, plus public holidays. Unused vacation days carry over until the end of March of the following year.

Parental leave is sixteen weeks at full pay for every new parent, to be taken within the child's first year.`,
  },
  {
    name: 'security.md',
    text: `# Security

Laptops must use full-disk encryption and lock after five minutes idle. Passwords are kept in the company password manager; never write them on sticky notes.

Report a lost badge or phishing e-mail to the security desk on extension 4400 straight away.`,
  },
  {
    name: 'expenses.md',
    text: `# Expenses

Travel expenses are reimbursed when claimed within 60 days with an itemised receipt. Train travel is second class unless the journey is longer than four hours.

Client dinners are capped at 80 euros per person including drinks; alcohol alone is never reimbursed.`,
  },
  {
    name: 'office.md',
    text: `# The office

The Utrecht office opens at 7:30 and closes at 19:00 on weekdays. Bicycles go in the basement garage, reached from the side entrance on Kanaalweg.

The coffee machine on the third floor is descaled every Friday; use the one on the second floor then.`,
  },
];

/** Questions and the phrase of the passage that answers each. */
export const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: 'How many days do I have to return an item for a refund?',
    answer: 'within 30 days of delivery',
  },
  {
    question: 'Can I return gift cards?',
    answer: 'gift cards and personalised engravings cannot be returned',
  },
  { question: 'How long does standard shipping take?', answer: 'three to five working days' },
  {
    question: 'Who pays customs duties on international parcels?',
    answer: 'customs duties are paid by the recipient',
  },
  { question: 'How many vacation days do employees get?', answer: '26 days of paid vacation' },
  { question: 'How long is parental leave?', answer: 'sixteen weeks at full pay' },
  { question: 'What is the extension of the security desk for a lost badge?', answer: 'extension 4400' },
  { question: 'Is laptop disk encryption required?', answer: 'full-disk encryption' },
  { question: 'Within how many days must travel expenses be claimed?', answer: 'claimed within 60 days' },
  { question: 'What is the limit for client dinners per person?', answer: 'capped at 80 euros per person' },
  { question: 'When does the Utrecht office open?', answer: 'opens at 7:30' },
  { question: 'Where do I park my bicycle?', answer: 'Bicycles go in the basement garage' },
];
