import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AnalyticsPicture, EditPicture, EmbedPicture, OrganisePicture, UploadPicture } from './guide-pictures.tsx';

interface Guide {
  id: string;
  title: string;
  picture: ReactNode;
  steps: ReactNode[];
}

/** The guides, in the order a new customer meets the tasks. Button names are the screens' own. */
const GUIDES: Guide[] = [
  {
    id: 'upload',
    title: 'Upload a video',
    picture: <UploadPicture />,
    steps: [
      <>On <Link to="/">My videos</Link>, choose <b>Upload video</b>.</>,
      'Drop one or more video files into the dialog, or browse for them. Each file shows its own progress; an interrupted upload resumes where it stopped.',
      'Once uploaded, the video is processed: it plays as soon as the first version is ready, and the other qualities follow.',
      <>To take a video from another site instead, choose <b>Import video</b> and paste its address.</>,
    ],
  },
  {
    id: 'organise',
    title: 'Organise your videos in folders',
    picture: <OrganisePicture />,
    steps: [
      <>Choose <b>Create folder</b> and name it. Folders can hold folders; the trail above the list takes you back up.</>,
      <>Select videos with their check boxes, then <b>Move to folder</b> and pick where they go.</>,
      'Search from the top bar: from the top level it looks in every folder, inside a folder in that folder only.',
    ],
  },
  {
    id: 'embed',
    title: 'Put a video on your website',
    picture: <EmbedPicture />,
    steps: [
      'Open the video and find the Embedding panel.',
      'Set a width and height if your page needs a fixed size, and a “Redirect at End” address if viewers should go on to another page when the video ends.',
      <>Choose <b>Copy embed code</b> and paste the snippet into your page’s HTML.</>,
      'The player settings beside it (colours, controls, what happens at the end) apply to every copy of the snippet, also those already on your pages.',
    ],
  },
  {
    id: 'edit',
    title: 'Edit a video',
    picture: <EditPicture />,
    steps: [
      <>Open the video. <b>Trim</b> keeps the part between two handles, as a new video or in place of the old one.</>,
      <><b>Set Video Thumbnail</b> picks the picture shown before playing; <b>Add Watermark</b> places your logo over the video.</>,
      <><b>Create Interactive GIF</b> turns a few seconds into a GIF with text and a link, for mails and pages where a player cannot go.</>,
      'A tool that is not part of your account says “This action is disabled. Contact your administrator.”',
    ],
  },
  {
    id: 'analytics',
    title: 'See who watches',
    picture: <AnalyticsPicture />,
    steps: [
      <><Link to="/video-analytics">Analytics</Link> shows plays, unique viewers and watch time of your videos over the dates you choose.</>,
      'Open one video’s figures to see how much of it viewers watch, where they drop off, and their locations, devices and browsers.',
      <><Link to="/usage">View Usage</Link> shows your storage and this month’s bandwidth against your plan.</>,
    ],
  },
];

/** "How to": short guides with a picture each, one card per task. */
export function HowToPage() {
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        How to
      </Typography.Title>
      <nav aria-label="Guides" style={{ marginBottom: 16 }}>
        {GUIDES.map((g, i) => (
          <span key={g.id}>
            {i > 0 && ' · '}
            <a href={`#${g.id}`}>{g.title}</a>
          </span>
        ))}
      </nav>
      <Row gutter={[24, 24]}>
        {GUIDES.map((g) => (
          <Col key={g.id} xs={24} lg={12}>
            <Card id={g.id} style={{ height: '100%' }}>
              <section aria-labelledby={`${g.id}-title`}>
                <Typography.Title level={2} id={`${g.id}-title`} style={{ fontSize: 18, marginTop: 0 }}>
                  {g.title}
                </Typography.Title>
                <div style={{ display: 'flex', gap: 20, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                  <div style={{ flex: '1 1 200px', maxWidth: 320 }}>{g.picture}</div>
                  <ol style={{ flex: '1 1 240px', margin: 0, paddingInlineStart: 20, display: 'grid', gap: 8 }}>
                    {g.steps.map((step, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the steps are fixed text
                      <li key={i}>{step}</li>
                    ))}
                  </ol>
                </div>
              </section>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
