import { randomUUID } from 'node:crypto';
import type { Type } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import type { Actor } from '@xsd/contracts';
import { type DeletedResponse, ITEM_ID } from '@xsd/contracts/api/admin-content';
import type { AggregateCommand, CommandInput } from '../event-sourcing/aggregate-handler.js';
import type { ItemCommand, ItemNames, ItemState } from '../event-sourcing/item-decider.js';
import type { ApiError } from '../http/api-error.filter.js';
import { type AuthenticatedStaff, staffActor } from './staff.types.js';

export interface StaffItemSpec<N extends ItemNames, F, R, Item> {
  readonly names: N;
  readonly command: Type<AggregateCommand<ItemCommand<N, F>, ItemState<F>>> &
    (new (subject: string, actor: Actor, input: CommandInput<ItemCommand<N, F>, ItemState<F>>) => unknown);
  readonly subject: (id: string) => string;
  /** The request's fields as the events name them; a field left out stays undefined (an update keeps it). */
  readonly fields: (request: R) => Partial<F>;
  readonly notFound: () => ApiError;
  /** The item's admin answer from its read model, once the command's projection caught up. */
  readonly answer: (id: string) => Promise<Item | undefined>;
}

/**
 * Staff's commands on an item (see event-sourcing/item-decider.ts), each answering with the item
 * as the admin tab shows it: a news item, a calendar event.
 */
export class StaffItemCommands<N extends ItemNames, F, R, Item> {
  constructor(
    private readonly commands: CommandBus,
    private readonly spec: StaffItemSpec<N, F, R, Item>,
  ) {}

  async create(by: AuthenticatedStaff, request: R): Promise<{ item: Item }> {
    const id = randomUUID();
    // Every field is there: the create schemas fill in the defaults.
    const fields = this.spec.fields(request) as F;
    await this.run(by, id, { type: this.spec.names.create, data: { ...this.id(id), fields } });
    return this.item(id);
  }

  async update(by: AuthenticatedStaff, id: string, request: R): Promise<{ item: Item }> {
    this.assertId(id);
    const changes = this.spec.fields(request);
    await this.run(by, id, { type: this.spec.names.update, data: { ...this.id(id), changes } });
    return this.item(id);
  }

  async delete(by: AuthenticatedStaff, id: string): Promise<DeletedResponse> {
    this.assertId(id);
    await this.run(by, id, { type: this.spec.names.delete, data: this.id(id) });
    return { deleted: id };
  }

  /** Not an item id, so no such item. */
  private assertId(id: string): void {
    if (!ITEM_ID.safeParse(id).success) throw this.spec.notFound();
  }

  private id(id: string) {
    return { [this.spec.names.id]: id } as { readonly [K in N['id']]: string };
  }

  private async run(by: AuthenticatedStaff, id: string, command: ItemCommand<N, F>): Promise<void> {
    await this.commands.execute(new this.spec.command(this.spec.subject(id), staffActor(by), command));
  }

  private async item(id: string): Promise<{ item: Item }> {
    const item = await this.spec.answer(id);
    if (!item) throw this.spec.notFound();
    return { item };
  }
}
