import { Migration } from '@mikro-orm/migrations';

/**
 * Caption translation (issue 37 item 1): a track of kind 'translated' (ten letters: the column
 * grows by one) names the track it was made from and that track's version when it was, so the
 * answer can say the source changed since. A source deleted leaves its translations as they are
 * (the link set null). The index serves "this source's translation in that language" and the
 * lookup of a track's translations.
 */
export class Migration20261248000041CaptionTranslation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table caption_tracks
      alter column kind type varchar(10),
      drop constraint caption_tracks_kind_check,
      add constraint caption_tracks_kind_check check (kind in ('uploaded', 'generated', 'edited', 'translated')),
      add column source_track_id uuid null references caption_tracks (id) on delete set null,
      add column source_version integer null;`);
    this.addSql('create index caption_tracks_source_idx on caption_tracks (source_track_id, language) where source_track_id is not null;');
  }
}
