import type { components } from '@/modules/api/schema';

type Schemas = components['schemas'];

/** A post as lists show it. */
export type PostSummary = Schemas['PostSummary'];
/** A page of posts. */
export type PostList = Schemas['PostList'];
/** A post with its text, comments and other languages' versions. */
export type PostView = Schemas['PostView'];
/** A comment and its answers. */
export type PostComment = Schemas['CommentView'];
/** An answer to a comment. */
export type PostAnswer = Schemas['CommentAnswer'];
/** Where a comment stands. */
export type CommentStatus = Schemas['CommentStatus'];
/** What an editor does with a comment. */
export type CommentModeration = Schemas['CommentModeration'];
/** The product's languages. */
export type PostLanguage = Schemas['Language'];

/** The languages a post is written in, the default first. */
export const POST_LANGUAGES: PostLanguage[] = ['en', 'de', 'es', 'fa'];
