"""placeholder"""
TENSORS = None
