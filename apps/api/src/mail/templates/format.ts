/** How mails write dates, money and sizes (UTC dates: mails are read anywhere). */
export const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
export const minute = (d: Date | string) => `${new Date(d).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
export const money = (cents: number, currency = 'USD') => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
export const hello = (firstName?: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,');
export const PLAN_LABELS: Record<string, string> = { bronze: 'Bronze', silver: 'Silver', gold: 'Gold' };
export const planLabel = (name: string, duration?: string | null) => `${PLAN_LABELS[name] ?? name}${duration ? (duration === '1y' ? ', yearly' : ', monthly') : ''}`;
