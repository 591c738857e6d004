"""hombre"""
