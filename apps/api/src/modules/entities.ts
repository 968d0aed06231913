import { OneTimeToken, RefreshToken } from './auth/token.entities.ts';
import { CaptionTrack } from './captions/caption.entity.ts';
import { Gif } from './gifs/gif.entity.ts';
import { User } from './users/user.entity.ts';
import { Video } from './videos/video.entity.ts';

/** The modules' ORM entities (most tables are read by SQL instead): the composition root hands them to db/orm.ts. */
export const entities = [User, RefreshToken, OneTimeToken, Video, Gif, CaptionTrack];
