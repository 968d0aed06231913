/** The administrator the test servers create from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
