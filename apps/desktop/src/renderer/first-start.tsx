import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import type { DesktopBridge } from '../preload/bridge.ts';

/** Shown once, before anything else: which Reelbase server this app talks to. */
export function FirstStart({ bridge, proposed, onChosen }: { bridge: DesktopBridge; proposed: string; onChosen(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Card title="Welcome to Reelbase" style={{ width: 440 }}>
        <Typography.Paragraph>Enter the address of your Reelbase server. You can change it later in the app's settings file.</Typography.Paragraph>
        <Form
          layout="vertical"
          initialValues={{ url: proposed }}
          onFinish={async ({ url }: { url: string }) => {
            setBusy(true);
            try {
              await bridge.setApiBaseUrl(url);
              onChosen();
            } catch (err) {
              // Electron prefixes errors crossing IPC with where they came from.
              setError((err as Error).message.replace(/^Error invoking remote method '[^']+': (\w*Error: )?/, ''));
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item label="Server address" name="url" validateStatus={error ? 'error' : undefined} help={error}>
            <Input autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block>
            Continue
          </Button>
        </Form>
      </Card>
    </div>
  );
}
