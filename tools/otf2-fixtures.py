#!/usr/bin/python3
"""Writes the OTF2 fixtures of src/ingest/otf2/__fixtures__ with Debian's OTF2 3.0 writer (python3-otf2),
in the shape Score-P writes its I/O records, and the truth the tests check them against (truth.json: every
I/O event written, per location group and location, with its layer and the index of its parent event).

  /usr/bin/python3 tools/otf2-fixtures.py OUTDIR [FIXTURE...]   (FIXTURE: only these, e.g. handles)

OUTDIR/layered  4 MPI ranks on 2 nodes + one rank without I/O: HDF5 over MPI-IO over POSIX (parent
                handles), ISO C over POSIX, POSIX alone, a pre-created stdout handle, seeks, status flags,
                a duplicated handle, a deleted file, an operation never completed, one outside any region,
                the `Offset` attribute on operations, non-I/O records of many kinds (metrics, MPI collectives,
                parameters, singleton records), a second thread with events and one without (empty location).
                Rank 2 is written as Score-P writes: with its own ids and mapping tables, and clock offsets.
OUTDIR/handles  one rank where the handles and time containment DISAGREE (the links follow the handles):
                an HDF5 operation whose time window holds a POSIX write on an unrelated handle (no parent:
                no link), a POSIX write on the HDF5 > MPI-IO > POSIX chain held by an HDF5 operation but by no
                MPI-IO one (linked to the HDF5 operation: the nearest handle up the chain), two MPI-IO handles
                open at once (a blocking write on one holds in time the POSIX write that the other's
                non-blocking write issued: linked to the non-blocking one), and operations on a handle with a
                parent that no operation up the chain holds (the second blocking MPI-IO write, a last POSIX
                write: not linked, counted). truth.json names each
                event's parent as written and the count of unmatched ones.
OUTDIR/chunks.tar.gz   one location with 12,000 writes in 256 KiB chunks (several chunks per file), as a
                GNU tar.gz (the folder is 0.7 MB).
OUTDIR/layered.tar     the layered folder as a GNU tar (the app's .tar drop).
OUTDIR/sion     the layered trace's anchor with its file substrate byte set to SIONlib (2), and its
                definitions: Score-P's SIONlib archives are refused with one message.
"""
import json
import os
import shutil
import subprocess
import sys

import _otf2
import otf2
from otf2.enums import (IoAccessMode, IoCreationFlag, IoHandleFlag, IoOperationFlag, IoOperationMode,
                        IoParadigmClass, IoParadigmFlag, IoSeekOption, IoStatusFlag, LocationGroupType,
                        LocationType, MetricMode, MetricType, ParameterType, RegionRole, Type, Paradigm)

RES = 100_000                # ticks per second of the layered trace (10 µs: a 1 MiB write of 8 ticks takes 80 µs)
RES_NS = 1_000_000_000       # ticks per second of the chunked trace (ns)
REALTIME = 1_764_000_000.0   # the epoch second of the first tick (fixed: the writer would take time.time())
MIB = 1 << 20


class Truth:
    """The I/O events as written, per (group, location), in record order."""

    def __init__(self):
        self.groups = []

    def group(self, name, host):
        g = {'name': name, 'host': host, 'locations': []}
        self.groups.append(g)
        return g

    @staticmethod
    def location(g, name):
        loc = {'name': name, 'events': []}
        g['locations'].append(loc)
        return loc


def layered(out):
    truth = Truth()
    trace_dir = os.path.join(out, 'layered')
    shutil.rmtree(trace_dir, ignore_errors=True)
    with otf2.writer.open(trace_dir, timer_resolution=RES) as trace:
        d = trace.definitions
        machine = d.system_tree_node('cluster', class_name='machine')
        nodes = [d.system_tree_node(f'node0{k + 1}', class_name='node', parent=machine) for k in range(2)]
        posix = d.io_paradigm(identification='POSIX', name='POSIX I/O', io_paradigm_class=IoParadigmClass.SERIAL, io_paradigm_flags=IoParadigmFlag.OS)
        isoc = d.io_paradigm(identification='ISOC', name='ISO C I/O', io_paradigm_class=IoParadigmClass.SERIAL, io_paradigm_flags=IoParadigmFlag.NONE)
        mpiio = d.io_paradigm(identification='MPI-IO', name='MPI I/O', io_paradigm_class=IoParadigmClass.PARALLEL, io_paradigm_flags=IoParadigmFlag.NONE)
        hdf5 = d.io_paradigm(identification='HDF5', name='HDF5', io_paradigm_class=IoParadigmClass.PARALLEL, io_paradigm_flags=IoParadigmFlag.NONE)
        offset_attr = d.attribute('Offset', 'Absolute read/write offset within a file.', Type.UINT64)
        d.attribute('ProcessId', 'Process identifier', Type.UINT64)
        regions = {}

        def region(name, role=RegionRole.FILE_IO):
            if name not in regions:
                regions[name] = d.region(name, region_role=role, paradigm=Paradigm.MPI if name.startswith('MPI') else Paradigm.USER)
            return regions[name]

        for n in ['main', 'MPI_Barrier', 'H5Fcreate', 'MPI_File_open', 'open', 'H5Dwrite', 'MPI_File_write_at_all', 'pwrite64',
                  'H5Fclose', 'MPI_File_close', 'close', 'fopen', 'fwrite', 'write', 'fclose', 'fprintf', 'lseek', 'read',
                  'fcntl', 'dup', 'unlink', 'aio_read']:
            region(n)
        metric = d.metric('bytes in flight', unit='B')
        param = d.parameter('iteration', ParameterType.INT64)
        shared_h5 = d.io_regular_file('/scratch/out.h5', scope=machine)
        stdout_file = d.io_regular_file('/dev/stdout', scope=machine)
        stdout = d.io_handle('stdout', stdout_file, isoc, io_handle_flags=IoHandleFlag.PRE_CREATED)
        d.io_pre_created_handle_state(stdout, IoAccessMode.WRITE_ONLY, IoStatusFlag.NONE)

        for rank in range(5):
            node = nodes[rank // 2] if rank < 4 else nodes[1]
            group = d.location_group(f'MPI Rank {rank}', location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
            g = truth.group(f'MPI Rank {rank}', node.name)
            master = d.location('Master thread', type=LocationType.CPU_THREAD, group=group)
            t0 = RES + rank * 1000  # ticks: the ranks start 10 ms apart
            if rank == 4:
                # a rank without I/O records: not a case
                w = trace.event_writer_from_location(master)
                w.enter(t0, regions['main'])
                w.enter(t0 + 10, regions['MPI_Barrier'])
                w.leave(t0 + 20, regions['MPI_Barrier'])
                w.leave(t0 + 30, regions['main'])
                Truth.location(g, 'Master thread')
                continue
            files = {
                'h5': shared_h5,
                'log': d.io_regular_file(f'/scratch/log_{rank}.txt', scope=node),
                'data': d.io_regular_file(f'/scratch/data_{rank}.bin', scope=node),
            }
            h = {}
            h['h5'] = d.io_handle('/scratch/out.h5', shared_h5, hdf5)
            h['mpi'] = d.io_handle('/scratch/out.h5', shared_h5, mpiio, parent=h['h5'])
            h['posix_h5'] = d.io_handle('/scratch/out.h5', shared_h5, posix, parent=h['mpi'])
            h['isoc_log'] = d.io_handle(files['log'].name, files['log'], isoc)
            h['posix_log'] = d.io_handle(files['log'].name, files['log'], posix, parent=h['isoc_log'])
            h['data'] = d.io_handle(files['data'].name, files['data'], posix)
            h['data2'] = d.io_handle(files['data'].name + ' (dup)', files['data'], posix)
            h['stdout'] = stdout
            layer = {'h5': 'HDF5', 'mpi': 'MPI-IO', 'posix_h5': 'POSIX', 'isoc_log': 'ISO C', 'posix_log': 'POSIX', 'data': 'POSIX', 'data2': 'POSIX', 'stdout': 'ISO C'}
            loc = Truth.location(g, 'Master thread')
            if rank == 2:
                scorep_like(trace, master, rank, t0, regions, h, files, posix, offset_attr, layer, loc, metric, param)
            else:
                w = trace.event_writer_from_location(master)
                program(Writer(w, regions, h, files, posix, offset_attr, layer, loc, clock=None), rank, t0, metric, param)
            if rank == 1:
                # a second thread of rank 1 with ISO C writes to stdout
                thread = d.location('OMP thread 1', type=LocationType.CPU_THREAD, group=group)
                loc2 = Truth.location(g, 'OMP thread 1')
                w2 = trace.event_writer_from_location(thread)
                tw = Writer(w2, regions, h, files, posix, offset_attr, layer, loc2, clock=None)
                t = t0 + 500
                for k in range(3):
                    t = tw.op('fprintf', 'stdout', IoOperationMode.WRITE, 32, 32, t + 50, matching=k + 1)
            if rank == 3:
                # a thread that records nothing (no event file): an empty location
                d.location('OMP thread 1', type=LocationType.CPU_THREAD, group=group)
        trace._realtime_timestamp = REALTIME
        first = trace._first_timestamp
    with open(os.path.join(trace_dir, 'truth.json'), 'w') as f:
        json.dump({'resolution': RES, 'realtime': REALTIME, 'offset': first, 'groups': truth.groups}, f, indent=1)
        f.write('\n')
    return trace_dir


def handles(out):
    """One rank whose handles and time containment disagree: the parents written are the handles' ones."""
    truth = Truth()
    trace_dir = os.path.join(out, 'handles')
    shutil.rmtree(trace_dir, ignore_errors=True)
    with otf2.writer.open(trace_dir, timer_resolution=RES) as trace:
        d = trace.definitions
        node = d.system_tree_node('node01', class_name='node')
        posix = d.io_paradigm(identification='POSIX', name='POSIX I/O', io_paradigm_class=IoParadigmClass.SERIAL, io_paradigm_flags=IoParadigmFlag.OS)
        mpiio = d.io_paradigm(identification='MPI-IO', name='MPI I/O', io_paradigm_class=IoParadigmClass.PARALLEL, io_paradigm_flags=IoParadigmFlag.NONE)
        hdf5 = d.io_paradigm(identification='HDF5', name='HDF5', io_paradigm_class=IoParadigmClass.PARALLEL, io_paradigm_flags=IoParadigmFlag.NONE)
        offset_attr = d.attribute('Offset', 'Absolute read/write offset within a file.', Type.UINT64)
        regions = {n: d.region(n, region_role=RegionRole.FILE_IO, paradigm=Paradigm.MPI if n.startswith('MPI') else Paradigm.USER)
                   for n in ['main', 'H5Dwrite', 'MPI_File_write_at', 'MPI_File_iwrite_at', 'MPI_Wait', 'pwrite64', 'write']}
        fa = d.io_regular_file('/scratch/a.h5', scope=node)
        fb = d.io_regular_file('/scratch/b.log', scope=node)
        fe = d.io_regular_file('/scratch/e.dat', scope=node)
        h = {}
        h['h5'] = d.io_handle('/scratch/a.h5', fa, hdf5)
        h['mpi'] = d.io_handle('/scratch/a.h5', fa, mpiio, parent=h['h5'])
        h['posix_a'] = d.io_handle('/scratch/a.h5', fa, posix, parent=h['mpi'])
        h['posix_b'] = d.io_handle('/scratch/b.log', fb, posix)
        h['mpi_e'] = d.io_handle('/scratch/e.dat', fe, mpiio)
        h['posix_e'] = d.io_handle('/scratch/e.dat', fe, posix, parent=h['mpi_e'])
        layer = {'h5': 'HDF5', 'mpi': 'MPI-IO', 'posix_a': 'POSIX', 'posix_b': 'POSIX', 'mpi_e': 'MPI-IO', 'posix_e': 'POSIX'}
        group = d.location_group('MPI Rank 0', location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        g = truth.group('MPI Rank 0', 'node01')
        master = d.location('Master thread', type=LocationType.CPU_THREAD, group=group)
        loc = Truth.location(g, 'Master thread')
        w = Writer(trace.event_writer_from_location(master), regions, h, {}, posix, offset_attr, layer, loc, clock=None)
        W, NB, NONE = IoOperationMode.WRITE, IoOperationFlag.NON_BLOCKING, IoOperationFlag.NONE
        t = RES
        w.enter(t, 'main')
        t += 100
        # H5Dwrite on the HDF5 handle [t+1, t+199]; in its window:
        w.enter(t, 'H5Dwrite')
        w.begin(t + 1, 'h5', W, NONE, 3 * 4096, 1, None)
        i_h = w.event('H5Dwrite', 'h5', t + 1, t + 199, 3 * 4096, None)
        # (1) a write on an unrelated POSIX handle (no parent): nests in time, no link
        w.op('write', 'posix_b', W, 100, 100, t + 10, matching=1)
        # (2) MPI_File_write_at on the HDF5 handle's MPI-IO handle, holding a pwrite64 on its POSIX handle
        w.enter(t + 40, 'MPI_File_write_at')
        w.begin(t + 41, 'mpi', W, NONE, 4096, 1, 0)
        i_m = w.event('MPI_File_write_at', 'mpi', t + 41, t + 89, 4096, 0, parent=i_h)
        w.op('pwrite64', 'posix_a', W, 4096, 4096, t + 50, matching=1, offset=0, parent=i_m)
        w.complete(t + 89, 'mpi', 4096, 1)
        w.leave(t + 90, 'MPI_File_write_at')
        # (3) a pwrite64 on the chain's POSIX handle held by no MPI-IO operation: the HDF5 one, up the chain
        w.op('pwrite64', 'posix_a', W, 8192, 8192, t + 120, matching=2, offset=4096, parent=i_h)
        w.complete(t + 199, 'h5', 3 * 4096, 1)
        w.leave(t + 200, 'H5Dwrite')
        t += 300
        # (4) two MPI-IO handles at once: a non-blocking write on e.dat [t+1, t+299] (completed in MPI_Wait)
        w.enter(t, 'MPI_File_iwrite_at')
        w.begin(t + 1, 'mpi_e', W, NB, 4096, 5, 0)
        w.leave(t + 5, 'MPI_File_iwrite_at')
        i_e = w.event('MPI_File_iwrite_at', 'mpi_e', t + 1, t + 299, 4096, 0)
        #     a blocking write on a.h5's MPI-IO handle [t+101, t+199] holds in time the POSIX write of e.dat's
        #     operation (issued by the MPI library's progress while it waits): linked to e.dat's operation
        w.enter(t + 100, 'MPI_File_write_at')
        w.begin(t + 101, 'mpi', W, NONE, 4096, 2, 12288)
        #     (this one's handle has the HDF5 handle as parent, and no HDF5 operation holds it: counted)
        i_m2 = w.event('MPI_File_write_at', 'mpi', t + 101, t + 199, 4096, 12288)
        loc['events'][i_m2]['unmatched'] = True
        w.op('pwrite64', 'posix_e', W, 4096, 4096, t + 110, matching=5, offset=0, parent=i_e)
        w.op('pwrite64', 'posix_a', W, 4096, 4096, t + 150, matching=3, offset=12288, parent=i_m2)
        w.complete(t + 199, 'mpi', 4096, 2)
        w.leave(t + 200, 'MPI_File_write_at')
        w.enter(t + 290, 'MPI_Wait')
        w.complete(t + 299, 'mpi_e', 4096, 5)
        w.leave(t + 300, 'MPI_Wait')
        t += 400
        # (5) a pwrite64 on a handle with a parent, held by no operation up its chain: not linked, counted
        w.op('pwrite64', 'posix_a', W, 512, 512, t, matching=4, offset=16384)
        loc['events'][-1]['unmatched'] = True
        unmatched = sum(1 for e in loc['events'] if e.get('unmatched'))
        t += 100
        w.leave(t, 'main')
        trace._realtime_timestamp = REALTIME
        first = trace._first_timestamp
    with open(os.path.join(trace_dir, 'truth.json'), 'w') as f:
        json.dump({'resolution': RES, 'realtime': REALTIME, 'offset': first, 'unmatched': unmatched, 'groups': truth.groups}, f, indent=1)
        f.write('\n')
    return trace_dir


class Writer:
    """Writes Score-P-shaped I/O calls on one location and records what it wrote in the truth."""

    def __init__(self, w, regions, h, files, posix, offset_attr, layer, loc, clock):
        self.w, self.regions, self.h, self.files, self.posix = w, regions, h, files, posix
        self.offset_attr, self.layer, self.loc, self.clock = offset_attr, layer, loc, clock
        self.open = []  # the truth events of the regions open: [(region, start, [events])]

    def t(self, ticks):
        return ticks if self.clock is None else self.clock(ticks)

    def event(self, call, handle, start, end, size=None, offset=None, parent=-1, fp=None):
        e = {'call': call, 'fp': fp if fp is not None else self.h[handle].file.name, 'layer': self.layer[handle],
             'start': self.t(start), 'end': None if end is None else self.t(end), 'size': size, 'offset': offset, 'parent': parent}
        self.loc['events'].append(e)
        return len(self.loc['events']) - 1

    # the low-level calls (overridden by the Score-P-like writer)
    def enter(self, t, name):
        self.w.enter(t, self.regions[name])

    def leave(self, t, name):
        self.w.leave(t, self.regions[name])

    def begin(self, t, handle, mode, flags, nbytes, matching, offset):
        attrs = {self.offset_attr: offset} if offset is not None else None
        self.w.io_operation_begin(t, self.h[handle], mode, flags, nbytes, matching, attributes=attrs)

    def complete(self, t, handle, nbytes, matching):
        self.w.io_operation_complete(t, self.h[handle], nbytes, matching)

    def create(self, t, handle):
        self.w.io_create_handle(t, self.h[handle], IoAccessMode.READ_WRITE, IoCreationFlag.CREATE, IoStatusFlag.NONE)

    def destroy(self, t, handle):
        self.w.io_destroy_handle(t, self.h[handle])

    def seek(self, t, handle, to):
        self.w.io_seek(t, self.h[handle], to, IoSeekOption.FROM_START, to)

    def status(self, t, handle):
        self.w.io_change_status_flags(t, self.h[handle], IoStatusFlag.APPEND)

    def dup(self, t, old, new):
        self.w.io_duplicate_handle(t, self.h[old], self.h[new], IoStatusFlag.NONE)

    def delete(self, t, file):
        self.w.io_delete_file(t, self.posix, self.files[file])

    # Score-P-shaped calls: region around the record(s); returns the time after the call
    def op(self, call, handle, mode, nbytes, done, t, matching=1, offset=None, parent=-1, flags=IoOperationFlag.NONE):
        self.enter(t, call)
        self.begin(t + 1, handle, mode, flags, nbytes, matching, offset)
        self.complete(t + 9, handle, done, matching)
        self.leave(t + 10, call)
        self.event(call, handle, t + 1, t + 9, done, offset, parent)
        return t + 10

    def record(self, call, handle, t, write, parent=-1, fp=None):
        self.enter(t, call)
        write(t + 5)
        self.leave(t + 10, call)
        return self.event(call, handle, t, t + 10, None, None, parent, fp=fp), t + 10


def program(x, rank, t0, metric, param):
    """One rank's I/O calls (blocking, as Score-P's wrappers record them)."""
    w = x
    t = t0
    w.enter(t, 'main')
    # HDF5 file create: H5Fcreate > MPI_File_open > open; the lower layer's handle is created first
    w.enter(t + 10, 'H5Fcreate')
    w.enter(t + 20, 'MPI_File_open')
    w.enter(t + 30, 'open')
    w.create(t + 35, 'posix_h5')
    w.leave(t + 40, 'open')
    w.create(t + 45, 'mpi')
    w.leave(t + 50, 'MPI_File_open')
    w.create(t + 55, 'h5')
    w.leave(t + 60, 'H5Fcreate')
    # record order: posix (in open), mpi, h5; parents found by time containment afterwards
    i_posix = w.event('open', 'posix_h5', t + 30, t + 40)
    i_mpi = w.event('MPI_File_open', 'mpi', t + 20, t + 50)
    i_h5 = w.event('H5Fcreate', 'h5', t + 10, t + 60)
    w.loc['events'][i_posix]['parent'] = i_mpi
    w.loc['events'][i_mpi]['parent'] = i_h5
    t += 100
    # two H5Dwrite: H5Dwrite > MPI_File_write_at_all (collective, Offset) > pwrite64 (Offset)
    for k in range(2):
        off = (2 * rank + k) * MIB
        w.enter(t, 'H5Dwrite')
        w.begin(t + 1, 'h5', IoOperationMode.WRITE, IoOperationFlag.NONE, MIB, k + 1, None)
        i_h = w.event('H5Dwrite', 'h5', t + 1, t + 99, MIB, None)
        if hasattr(w, 'extra'):
            w.extra(t + 2, metric, param, k)
        w.enter(t + 10, 'MPI_File_write_at_all')
        w.begin(t + 11, 'mpi', IoOperationMode.WRITE, IoOperationFlag.COLLECTIVE, MIB, k + 1, off)
        i_m = w.event('MPI_File_write_at_all', 'mpi', t + 11, t + 89, MIB, off, parent=i_h)
        w.op('pwrite64', 'posix_h5', IoOperationMode.WRITE, MIB, MIB, t + 20, matching=k + 1, offset=off, parent=i_m)
        w.complete(t + 89, 'mpi', MIB, k + 1)
        w.leave(t + 90, 'MPI_File_write_at_all')
        w.complete(t + 99, 'h5', MIB, k + 1)
        w.leave(t + 100, 'H5Dwrite')
        t += 200
    # H5Fclose > MPI_File_close > close
    w.enter(t, 'H5Fclose')
    w.enter(t + 10, 'MPI_File_close')
    w.enter(t + 20, 'close')
    w.destroy(t + 25, 'posix_h5')
    w.leave(t + 30, 'close')
    w.destroy(t + 35, 'mpi')
    w.leave(t + 40, 'MPI_File_close')
    w.destroy(t + 45, 'h5')
    w.leave(t + 50, 'H5Fclose')
    a = w.event('close', 'posix_h5', t + 20, t + 30)
    b = w.event('MPI_File_close', 'mpi', t + 10, t + 40)
    c = w.event('H5Fclose', 'h5', t, t + 50)
    w.loc['events'][a]['parent'] = b
    w.loc['events'][b]['parent'] = c
    t += 100
    # ISO C over POSIX: fopen > open, fwrite > write, fclose > close
    w.enter(t, 'fopen')
    w.enter(t + 10, 'open')
    w.create(t + 15, 'posix_log')
    w.leave(t + 20, 'open')
    w.create(t + 25, 'isoc_log')
    w.leave(t + 30, 'fopen')
    a = w.event('open', 'posix_log', t + 10, t + 20)
    b = w.event('fopen', 'isoc_log', t, t + 30)
    w.loc['events'][a]['parent'] = b
    t += 100
    w.enter(t, 'fwrite')
    w.begin(t + 1, 'isoc_log', IoOperationMode.WRITE, IoOperationFlag.NONE, 100, 7, None)
    i_f = w.event('fwrite', 'isoc_log', t + 1, t + 49, 100, None)
    w.op('write', 'posix_log', IoOperationMode.WRITE, 100, 100, t + 10, matching=7, parent=i_f)
    w.complete(t + 49, 'isoc_log', 100, 7)
    w.leave(t + 50, 'fwrite')
    t += 100
    w.enter(t, 'fclose')
    w.enter(t + 10, 'close')
    w.destroy(t + 15, 'posix_log')
    w.leave(t + 20, 'close')
    w.destroy(t + 25, 'isoc_log')
    w.leave(t + 30, 'fclose')
    a = w.event('close', 'posix_log', t + 10, t + 20)
    b = w.event('fclose', 'isoc_log', t, t + 30)
    w.loc['events'][a]['parent'] = b
    t += 100
    # the pre-created stdout handle (no IoCreateHandle)
    t = w.op('fprintf', 'stdout', IoOperationMode.WRITE, 20 + rank, 20 + rank, t, matching=1)
    # POSIX alone: open, 3 writes, lseek, read, fcntl, dup, 2 closes, unlink
    _, t = w.record('open', 'data', t, lambda s: w.create(s, 'data'))
    for k in range(3):
        t = w.op('write', 'data', IoOperationMode.WRITE, 4096, 4096, t, matching=10 + k)
    i, t = w.record('lseek', 'data', t, lambda s: w.seek(s, 'data', 0))
    w.loc['events'][i]['offset'] = 0
    t = w.op('read', 'data', IoOperationMode.READ, 4096, 4000 + rank, t, matching=20)
    _, t = w.record('fcntl', 'data', t, lambda s: w.status(s, 'data'))
    _, t = w.record('dup', 'data2', t, lambda s: w.dup(s, 'data', 'data2'))
    _, t = w.record('close', 'data2', t, lambda s: w.destroy(s, 'data2'))
    _, t = w.record('close', 'data', t, lambda s: w.destroy(s, 'data'))
    _, t = w.record('unlink', 'data', t, lambda s: w.delete(s, 'data'))
    if rank == 0:
        # an asynchronous read begun and never completed (the trace ended): not an event
        w.enter(t, 'aio_read')
        w.begin(t + 1, 'data', IoOperationMode.READ, IoOperationFlag.NON_BLOCKING, 512, 77, None)
        w.leave(t + 5, 'aio_read')
        t += 10
    w.leave(t + 10, 'main')
    if rank == 3:
        # an operation outside any region: named by its mode
        t += 20
        w.begin(t + 5, 'data', IoOperationMode.READ, IoOperationFlag.NONE, 10, 99, None)
        w.complete(t + 8, 'data', 10, 99)
        w.event('read', 'data', t + 5, t + 8, 10, None)


class ScorepLike(Writer):
    """Writes with the low-level API, as Score-P does: the location's own ids (mapped to the global ones by
    mapping tables in its local definitions) and clock offsets; also non-I/O records of many kinds."""

    def __init__(self, trace, w, local, *args, **kw):
        super().__init__(w, *args, **kw)
        self.trace, self.local = trace, local
        self.evt = w._handle
        self.n = 0

    def _count(self, t):
        self.trace._update_timestamps(t)
        self.n += 1

    def enter(self, t, name):
        self._count(t)
        _otf2.EvtWriter_Enter(self.evt, None, t, self.local['region'][self.regions[name]._ref])

    def leave(self, t, name):
        self._count(t)
        _otf2.EvtWriter_Leave(self.evt, None, t, self.local['region'][self.regions[name]._ref])

    def hid(self, handle):
        return self.local['handle'][self.h[handle]._ref]

    def begin(self, t, handle, mode, flags, nbytes, matching, offset):
        self._count(t)
        al = _otf2.AttributeList_New()
        if offset is not None:
            _otf2.AttributeList_AddUint64(al, self.local['attr'][self.offset_attr._ref], offset)
        _otf2.EvtWriter_IoOperationBegin(self.evt, al, t, self.hid(handle), mode, flags, nbytes, matching)
        _otf2.AttributeList_Delete(al)

    def complete(self, t, handle, nbytes, matching):
        self._count(t)
        _otf2.EvtWriter_IoOperationComplete(self.evt, None, t, self.hid(handle), nbytes, matching)

    def create(self, t, handle):
        self._count(t)
        _otf2.EvtWriter_IoCreateHandle(self.evt, None, t, self.hid(handle), IoAccessMode.READ_WRITE, IoCreationFlag.CREATE, IoStatusFlag.NONE)

    def destroy(self, t, handle):
        self._count(t)
        _otf2.EvtWriter_IoDestroyHandle(self.evt, None, t, self.hid(handle))

    def seek(self, t, handle, to):
        self._count(t)
        _otf2.EvtWriter_IoSeek(self.evt, None, t, self.hid(handle), to, IoSeekOption.FROM_START, to)

    def status(self, t, handle):
        self._count(t)
        _otf2.EvtWriter_IoChangeStatusFlags(self.evt, None, t, self.hid(handle), IoStatusFlag.APPEND)

    def dup(self, t, old, new):
        self._count(t)
        _otf2.EvtWriter_IoDuplicateHandle(self.evt, None, t, self.hid(old), self.hid(new), IoStatusFlag.NONE)

    def delete(self, t, file):
        self._count(t)
        _otf2.EvtWriter_IoDeleteFile(self.evt, None, t, self.posix._ref, self.local['file'][self.files[file]._ref])

    def extra(self, t, metric, param, k):
        """Records this importer skips: a metric, an MPI collective pair, a parameter, a singleton record."""
        self._count(t)
        _otf2.EvtWriter_MpiCollectiveBegin(self.evt, None, t)
        self._count(t)
        _otf2.EvtWriter_MpiCollectiveEnd(self.evt, None, t, _otf2.COLLECTIVE_OP_BARRIER, 0, 0, 0, 0)
        self._count(t)
        _otf2.EvtWriter_ParameterInt(self.evt, None, t, param._ref, k)
        self._count(t)
        _otf2.EvtWriter_MpiIsendComplete(self.evt, None, t, 1000 + k)
        self._count(t)
        _otf2.EvtWriter_Metric(self.evt, None, t, metric._ref, [_otf2.TYPE_UINT64], [_otf2.MetricValue(unsigned_int=4096 * k)])


def scorep_like(trace, master, rank, t0, regions, h, files, posix, offset_attr, layer, loc, metric, param):
    w = trace.event_writer_from_location(master)
    # local ids: reversed / shifted, so that reading them without the mapping tables names the wrong things
    rmap = {r._ref: len(regions) - 1 - k for k, r in enumerate(sorted(regions.values(), key=lambda r: r._ref))}
    handles = sorted({x._ref for x in h.values()})
    hmap = {g: 100 + k for k, g in enumerate(reversed(handles))}
    fmap = {f._ref: 50 + k for k, f in enumerate(files.values())}
    amap = {offset_attr._ref: 7}
    local = {'region': rmap, 'handle': hmap, 'file': fmap, 'attr': amap}
    for kind, m in ((_otf2.MAPPING_REGION, rmap), (_otf2.MAPPING_IO_HANDLE, hmap), (_otf2.MAPPING_IO_FILE, fmap), (_otf2.MAPPING_ATTRIBUTE, amap)):
        idmap = _otf2.IdMap_Create(_otf2.ID_MAP_SPARSE, len(m))
        for g, l in m.items():
            _otf2.IdMap_AddIdPair(idmap, l, g)
        _otf2.DefWriter_WriteMappingTable(w._def_handle, kind, idmap)
        _otf2.IdMap_Free(idmap)
    # clock offsets at the start and the end (as Score-P's synchronisation writes them): +500 then +1500 ticks
    begin, end = t0 - 10, t0 + 5000
    _otf2.DefWriter_WriteClockOffset(w._def_handle, begin, 500, 0.0)
    _otf2.DefWriter_WriteClockOffset(w._def_handle, end, 1500, 0.0)
    slope = (1500 - 500) / (end - begin)
    clock = lambda t: int(round(t + slope * (t - begin) + 500))
    x = ScorepLike(trace, w, local, regions, h, files, posix, offset_attr, layer, loc, clock=clock)
    program(x, rank, t0, metric, param)
    master._number_of_events_written = x.n


def chunks(out):
    trace_dir = os.path.join(out, 'chunks')
    shutil.rmtree(trace_dir, ignore_errors=True)
    n = 12000
    with otf2.writer.open(trace_dir, timer_resolution=RES_NS, chunk_size_events=256 * 1024) as trace:
        d = trace.definitions
        node = d.system_tree_node('node01', class_name='node')
        group = d.location_group('MPI Rank 0', location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        posix = d.io_paradigm(identification='POSIX', name='POSIX I/O', io_paradigm_class=IoParadigmClass.SERIAL, io_paradigm_flags=IoParadigmFlag.OS)
        f = d.io_regular_file('/scratch/big.dat', scope=node)
        h = d.io_handle('/scratch/big.dat', f, posix)
        region = d.region('write', region_role=RegionRole.FILE_IO)
        w = trace.event_writer('Master thread', group=group)
        t = RES_NS
        for k in range(n):
            w.enter(t, region)
            w.io_operation_begin(t + 1, h, IoOperationMode.WRITE, IoOperationFlag.NONE, 4096, k)
            w.io_operation_complete(t + 3 + k % 5, h, 4096 - (k % 7), k)
            w.leave(t + 9, region)
            t += 10
        trace._realtime_timestamp = REALTIME
    with open(os.path.join(trace_dir, 'truth.json'), 'w') as fh:
        json.dump({'resolution': RES_NS, 'realtime': REALTIME, 'writes': n, 'bytes': sum(4096 - (k % 7) for k in range(n))}, fh)
        fh.write('\n')


def sion(out, layered_dir):
    trace_dir = os.path.join(out, 'sion')
    shutil.rmtree(trace_dir, ignore_errors=True)
    os.makedirs(trace_dir)
    anchor = bytearray(open(os.path.join(layered_dir, 'traces.otf2'), 'rb').read())
    # 03 E "OTF2\0" format traceFormat major minor bugfix chunkEvt:8 chunkDef:8 substrate …
    at = 2 + 5 + 2 + 3 + 16
    assert anchor[at] == 1, 'expected the POSIX substrate'
    anchor[at] = 2
    open(os.path.join(trace_dir, 'traces.otf2'), 'wb').write(anchor)
    shutil.copy(os.path.join(layered_dir, 'traces.def'), os.path.join(trace_dir, 'traces.def'))


def tar(out, name, gz):
    flags = ['--format=gnu', '--sort=name', '--mtime=2026-01-01', '--owner=0', '--group=0']
    target = f'{name}.tar.gz' if gz else f'{name}.tar'
    comp = ['--use-compress-program=gzip -n'] if gz else []
    subprocess.run(['tar', *flags, *comp, '-cf', target, name], cwd=out, check=True, env={**os.environ, 'TZ': 'UTC'})


if __name__ == '__main__':
    out = sys.argv[1] if len(sys.argv) > 1 else 'src/ingest/otf2/__fixtures__'
    os.makedirs(out, exist_ok=True)
    only = sys.argv[2:]  # fixture names to (re)write; none: all (a rerun changes the anchors' random ids)
    if only:
        for name in only:
            {'handles': handles}[name](out)
        sys.exit(0)
    handles(out)
    lay = layered(out)
    chunks(out)
    sion(out, lay)
    tar(out, 'chunks', True)
    shutil.rmtree(os.path.join(out, 'chunks'))
    tar(out, 'layered', False)
