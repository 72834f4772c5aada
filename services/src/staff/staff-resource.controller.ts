import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, type Type } from '@nestjs/common';
import type { StaffPermission } from '@xsd/contracts';
import type { z } from 'zod';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, RequirePermission } from './auth.decorators.js';
import type { AuthenticatedStaff } from './staff.types.js';

/** What an admin tab's service offers; the controller routes the operations its options name. */
export interface StaffResourceService<C, U> {
  list(): Promise<unknown>;
  create?(by: AuthenticatedStaff, request: C): Promise<unknown>;
  update?(by: AuthenticatedStaff, id: string, request: U): Promise<unknown>;
  delete?(by: AuthenticatedStaff, id: string): Promise<unknown>;
}

export interface StaffResourceOptions<S, C, U> {
  /** `api/admin/<resource>`: GET lists, POST creates, PATCH `/:param` changes, DELETE `/:param` removes. */
  readonly path: string;
  readonly permission: StaffPermission;
  readonly service: Type<S>;
  /** The route parameter naming one item; `id` unless told. */
  readonly param?: string;
  /** The error code of a body that does not parse. */
  readonly invalid: string;
  readonly create?: z.ZodType<C>;
  readonly update?: z.ZodType<U>;
  readonly delete?: true;
}

/**
 * The controller of an admin tab: the permission on every route, one line per route that parses
 * the body with the contracts' schema and calls the service. Subclass it to name the controller
 * and add the tab's other routes.
 */
export function staffResourceController<S extends StaffResourceService<C, U>, C = never, U = never>(options: StaffResourceOptions<S, C, U>) {
  const param = options.param ?? 'id';

  @Controller(options.path)
  @RequirePermission(options.permission)
  class StaffResourceController {
    constructor(@Inject(options.service) readonly service: S) {}

    @Get()
    list(): Promise<unknown> {
      return this.service.list();
    }

    create(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<unknown> {
      return this.service.create!(staff, parseRequest(options.create!, body, options.invalid));
    }

    update(@CurrentStaff() staff: AuthenticatedStaff, @Param(param) id: string, @Body() body: unknown): Promise<unknown> {
      return this.service.update!(staff, id, parseRequest(options.update!, body, options.invalid));
    }

    delete(@CurrentStaff() staff: AuthenticatedStaff, @Param(param) id: string): Promise<unknown> {
      return this.service.delete!(staff, id);
    }
  }

  // Only the operations named become routes; the others stay plain methods no request reaches.
  const route = (method: 'create' | 'update' | 'delete', ...decorators: MethodDecorator[]) => {
    const prototype = StaffResourceController.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, method)!;
    for (const decorate of decorators) decorate(prototype, method, descriptor);
  };
  if (options.create) route('create', Post(), HttpCode(201));
  if (options.update) route('update', Patch(`:${param}`));
  if (options.delete) route('delete', Delete(`:${param}`));
  return StaffResourceController;
}
