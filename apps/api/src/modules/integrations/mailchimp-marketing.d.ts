// The parts of @mailchimp/mailchimp_marketing's ApiClient the connector uses. The package's default
// export is one shared instance (one account per process); its class gives one client per team.
declare module '@mailchimp/mailchimp_marketing/src/ApiClient.js' {
  interface MailchimpError extends Error {
    status?: number;
    response?: { body?: { title?: string; detail?: string } };
  }
  class ApiClient {
    basePath: string;
    timeout: number;
    setConfig(config: { apiKey: string; server: string }): void;
    ping: { get(): Promise<unknown> };
    lists: {
      getList(listId: string): Promise<{ id: string; name: string }>;
      setListMember(listId: string, subscriberHash: string, body: Record<string, unknown>): Promise<unknown>;
      updateListMemberTags(listId: string, subscriberHash: string, body: { tags: { name: string; status: 'active' | 'inactive' }[] }): Promise<unknown>;
    };
  }
  export type { MailchimpError };
  export default ApiClient;
}
