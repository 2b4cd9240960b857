/**
 * The subcommands: ONE registry. A new subcommand = one file in this folder exporting its `Command`
 * (src/cli/command.ts: usage, options, typed arguments, run) + one line here. --help and the argument
 * parser are built from it. Option groups shared by the subcommands that load traces and analyse a view:
 * src/cli/options.ts.
 */
import type { Command } from '../command';
import { analyze } from './analyze';
import { compare } from './compare';
import { convert } from './convert';
import { exportCmd } from './export';
import { flame } from './flame';
import { insights } from './insights';
import { replay } from './replay';
import { time } from './time';

/** Every subcommand, in the order of --help. */
export const COMMANDS = { analyze, insights, compare, time, flame, convert, export: exportCmd, replay } satisfies Record<string, Command<{ command: string }>>;
export type CommandName = keyof typeof COMMANDS;
/** The typed arguments of any subcommand. */
export type CommandArgs = { [K in CommandName]: ReturnType<(typeof COMMANDS)[K]['args']> }[CommandName];
