import { readFileSync } from 'node:fs';
import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A DNS server on 127.0.0.1 (a free UDP port) answering TXT questions from a map the test fills,
 * NXDOMAIN for names it does not hold: what a team's DNS host is to the custom-domain
 * verification (DNS_RESOLVER points at `address`). `asked` lists the names asked for. With
 * `recordsFile` it also answers from that JSON file (`{ name: [value, ...] }`), read at each
 * question, so a test in another process (a browser spec) can publish a record.
 */
export async function startDnsStandin(o: { recordsFile?: string } = {}) {
  const fromFile = (name: string): string[][] | undefined => {
    if (!o.recordsFile) return undefined;
    try {
      const values = (JSON.parse(readFileSync(o.recordsFile, 'utf8')) as Record<string, string[]>)[name];
      return values?.map((v) => [v]);
    } catch {
      return undefined;
    }
  };
  const records = new Map<string, string[][]>();
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      asked.push(name);
      const held = records.get(name) ?? fromFile(name);
      if (!held) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question?.type === Packet.TYPE.TXT) {
        for (const data of held) response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data } as (typeof response.answers)[number]);
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses as { udp: { port: number } }).udp.port;
  return {
    /** host:port, for DNS_RESOLVER. */
    address: `127.0.0.1:${port}`,
    asked,
    /** The TXT records of `name`, each given as its strings (one record of several strings: [['a', 'b']]). */
    setTxt(name: string, ...values: (string | string[])[]) {
      records.set(name.toLowerCase(), values.map((v) => (Array.isArray(v) ? v : [v])));
    },
    remove(name: string) {
      records.delete(name.toLowerCase());
    },
    close: () => server.close(),
  };
}
export type DnsStandin = Awaited<ReturnType<typeof startDnsStandin>>;
