/**
 * h5wasm as the native HDF5 writer (src/ingest/hdf5) sees it, except that one dataset (`group/name`) is
 * written as `change` says, or not at all (`change` gives null): a file of an older writer, or a broken one
 * (the tests of the native layout and of its call stacks).
 */
import type { H5Module } from '../ingest/hdf5/index';

export type DatasetArgs = Parameters<ReturnType<InstanceType<H5Module['api']['File']>['create_group']>['create_dataset']>[0];

export function altered(m: H5Module, dataset: string, change: (args: DatasetArgs) => DatasetArgs | null): H5Module {
  const [group, name] = dataset.split('/');
  class File extends m.api.File {
    override create_group(g: string, trackOrder?: boolean) {
      const grp = super.create_group(g, trackOrder);
      if (g !== group) return grp;
      const create = grp.create_dataset.bind(grp);
      grp.create_dataset = (args: DatasetArgs) => {
        if (args.name !== name) return create(args);
        const a = change(args);
        return a ? create(a) : (null as never);
      };
      return grp;
    }
  }
  return { ...m, api: { ...m.api, File } };
}
