import {
  PARAMETER_LIST_PARAMETERS_MAX,
  type TParameterList,
  type TParameterListFindRequest,
  type TParameterListInput,
} from '@portal/contract';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/app-error.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOf, changesOfValues, type ActivityService } from '../activity/activity.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { toParameterList } from './parameter-lists.mapper.ts';
import type { ParameterListsRepository } from './parameter-lists.repository.ts';

export type TParameterListsDeps = {
  repo: ParameterListsRepository;
  companies: CompaniesService;
  activity: ActivityService;
  transaction: TTransaction;
};

const listNotFound = () => notFound('notFound', { name: 'parameter list' });

/**
 * Parameter lists (CONTRACT 1): a company's lists of typed parameters that families link to.
 * Everyone sees the portal-wide lists and those of their tree; writing stays within the tree.
 */
export class ParameterListsService {
  readonly #d: TParameterListsDeps;

  constructor(deps: TParameterListsDeps) {
    this.#d = deps;
  }

  async find(
    auth: TAuth,
    filter: TParameterListFindRequest,
  ): Promise<{ parameterListInfos: TParameterList[]; totalCount: number }> {
    const { rows, total } = await this.#d.repo.find(filter, await this.#d.companies.scopeOf(auth));
    const parameters = await this.#d.repo.parameters(rows.map((r) => r.id));
    return { parameterListInfos: rows.map((row) => toParameterList(row, parameters)), totalCount: total };
  }

  async get(auth: TAuth, id: number): Promise<TParameterList> {
    const [list] = (await this.find(auth, { ids: [id] })).parameterListInfos;
    if (!list) throw listNotFound();
    return list;
  }

  /** Creates or updates lists: parameters with an id are updated, without one added, others kept. */
  async save(auth: TAuth, inputs: TParameterListInput[]): Promise<TParameterList[]> {
    if (
      inputs.some((i) => i.parameterListId === undefined) &&
      !auth.permissions.has('contentmanagement.create')
    )
      throw forbidden('permissionRequired', { permission: 'contentmanagement.create' });
    const units = inputs.flatMap((i) => i.parameters.flatMap((p) => p.parameterMeasurementUnitId ?? []));
    const known = await this.#d.repo.unitItemIds([...new Set(units)]);
    const unknown = units.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw badRequest('unitNotValid', { value: unknown }, 'parameterMeasurementUnitId');
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const [index, input] of inputs.entries()) {
        const names = new Set<string>();
        for (const [position, p] of input.parameters.entries()) {
          const key = p.parameterName.toLowerCase();
          if (names.has(key))
            throw badRequest(
              'repeated',
              { name: 'parameterName', value: p.parameterName },
              `parameterListInfos.${index}.parameters.${position}.parameterName`,
            );
          names.add(key);
        }
        let id = input.parameterListId;
        let before: Record<string, unknown> | undefined;
        if (id !== undefined) {
          await this.get(auth, id);
          const row = await this.#d.repo.lock(id);
          if (!row) throw listNotFound();
          before = row;
          await this.#d.companies.assertMayOwn(auth, row.companyId);
        }
        const companyId =
          input.companyId === undefined ? (auth.isAdmin ? null : auth.companyId) : input.companyId;
        await this.#d.companies.assertMayOwn(auth, companyId);
        const values = {
          code: input.parameterListCode,
          description: input.parameterListDescription || null,
          active: input.active,
          companyId,
        };
        if (id === undefined) id = await this.#d.repo.insert({ ...values, userId: auth.userId });
        else await this.#d.repo.update(id, values);
        for (const p of input.parameters) {
          const parameter = {
            name: p.parameterName,
            value: p.parameterValue ?? null,
            valueType: p.parameterValueType,
            enabled: p.enabled,
            readOnly: p.readOnly,
            measurementUnitId: p.parameterMeasurementUnitId ?? null,
          };
          if (p.parameterId === undefined) await this.#d.repo.insertParameter({ ...parameter, listId: id });
          else if (!(await this.#d.repo.updateParameter(p.parameterId, id, parameter)))
            throw notFound('notFound', { name: 'parameter' });
        }
        // Parameters sent are added to those kept, so only the stored total tells the cap.
        if (
          input.parameters.some((p) => p.parameterId === undefined) &&
          (await this.#d.repo.parameterCount(id)) > PARAMETER_LIST_PARAMETERS_MAX
        )
          throw unprocessable(
            'tooManyItems',
            { name: 'parameters', max: PARAMETER_LIST_PARAMETERS_MAX },
            `parameterListInfos.${index}.parameters`,
          );
        await this.#d.activity.record({
          kind: input.parameterListId === undefined ? 'parameterList.create' : 'parameterList.update',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: companyId,
          recordType: 'parameterList',
          recordId: id,
          changes: changesOfValues(before, values),
          detail: { parameters: input.parameters.length },
        });
        saved.push(id);
      }
      return saved;
    });
    const { parameterListInfos } = await this.find(auth, { ids });
    return ids.flatMap((id) => parameterListInfos.filter((l) => l.parameterListId === id));
  }

  /** Removes parameters and whole lists; a list that families use is 409 with how many. */
  async delete(auth: TAuth, parameterIds: number[], listIds: number[]): Promise<TParameterList[]> {
    const touched = new Set<number>();
    const answered: TParameterList[] = [];
    await this.#d.transaction(async () => {
      for (const parameterId of new Set(parameterIds)) {
        const parameter = await this.#d.repo.parameterById(parameterId);
        if (!parameter) throw notFound('notFound', { name: 'parameter' });
        const list = await this.get(auth, parameter.listId);
        await this.#d.companies.assertMayOwn(auth, list.companyId);
        await this.#d.repo.deleteParameter(parameterId);
        touched.add(parameter.listId);
      }
      for (const listId of new Set(listIds)) {
        const list = await this.get(auth, listId);
        await this.#d.companies.assertMayOwn(auth, list.companyId);
        const families = await this.#d.repo.familiesUsing(listId);
        if (families > 0) throw conflict('parameterListInUse', { count: families }, 'parameterListInfos');
        await this.#d.repo.delete(listId);
        await this.#d.activity.record({
          kind: 'parameterList.delete',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: list.companyId,
          recordType: 'parameterList',
          recordId: listId,
          changes: changesOf(list, undefined, ['parameters']),
        });
        answered.push(list);
        touched.delete(listId);
      }
    });
    const remaining = touched.size ? (await this.find(auth, { ids: [...touched] })).parameterListInfos : [];
    return [...remaining, ...answered];
  }
}
